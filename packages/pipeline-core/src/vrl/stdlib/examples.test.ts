import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Timestamp } from '../../value/timestamp.js';
import { vrlEquals } from '../equality.js';
import { compileVrl } from '../index.js';
import type { VrlValue } from '../value.js';
import { STDLIB } from './index.js';
import { showValue } from './support/show.js';

const ctx = { now: Timestamp.fromMillis(Date.now()) };

describe('stdlib registry', () => {
  it('lists every function file of stdlib/ exactly once, under its file name', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts' && f !== 'function.ts')
      .map((f) => f.slice(0, -3))
      .sort();
    expect(STDLIB.map((f) => f.name).sort()).toEqual(files);
  });

  it('gives every function a summary and at least two examples', () => {
    for (const f of STDLIB) {
      expect(f.summary.length, f.name).toBeGreaterThan(10);
      expect(f.examples.length, f.name).toBeGreaterThanOrEqual(2);
      // Every example calls the function it documents (as `name(` or `name!(`).
      for (const ex of f.examples) expect(ex.source, `${f.name}: ${ex.title}`).toMatch(new RegExp(`\\b${f.name}!?\\(`));
    }
  });
});

for (const fn of STDLIB) {
  describe(fn.name, () => {
    for (const ex of fn.examples) {
      it(ex.title, () => {
        const expected = ex.result;
        if (expected !== null && typeof expected === 'object' && !Array.isArray(expected) && 'error' in expected && typeof expected.error === 'string') {
          // An expected failure may come at compile time (a bad literal argument) or at run time.
          expect(() => compileVrl(ex.source).run(cloneValue(ex.input ?? {}), ctx)).toThrow(expected.error);
          return;
        }
        const { result } = compileVrl(ex.source).run(cloneValue(ex.input ?? {}), ctx);
        if (!vrlEquals(result, expected as VrlValue)) expect(showValue(result)).toBe(showValue(expected as VrlValue));
      });
    }
  });
}

function cloneValue(v: VrlValue): VrlValue {
  if (Array.isArray(v)) return v.map(cloneValue);
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cloneValue(x as VrlValue)]));
  }
  return v;
}
