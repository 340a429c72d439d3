import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS } from '../src/promql/functions/registry.js';

const doc = readFileSync(new URL('../../../docs/promql.md', import.meta.url), 'utf8');

describe('docs/promql.md', () => {
  it('names every PromQL function', () => {
    const missing = [...FUNCTIONS.keys()].filter((n) => !new RegExp(`\\b${n}\\b`).test(doc));
    expect(missing).toEqual([]);
  });
});
