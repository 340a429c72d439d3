import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileVrl } from '../src/vrl/index.js';
import { VrlRegex, type VrlValue } from '../src/vrl/value.js';
import { parseRfc3339 } from '../src/time/rfc3339.js';
import { Timestamp } from '../src/value/timestamp.js';

// Runs test/corpus/vrl/functions-reference.json (the examples of VRL's standard-library reference):
// `program` over `input` must give `expected`, or fail with `expected_error` (compared without the
// `function call error for "f" at (a:b): ` prefix, whose span numbers may differ).
// Where Sluice deliberately or knowingly differs, DIFFERENCES says why and what Sluice gives instead.

interface Case {
  fn: string;
  title: string;
  program: string;
  input?: unknown;
  expected?: unknown;
  expected_error?: string;
}

/** Cases where Sluice gives something else than VRL, keyed `fn: title`, with the reason. */
const DIFFERENCES: Record<string, { readonly why: string; readonly expected?: unknown; readonly error?: string }> = {
  'parse_json: Invalid JSON value': {
    why: 'the parse error detail is worded by the JavaScript JSON parser, not serde_json',
    error: 'unable to parse json: ',
  },
};

/**
 * Known gaps of the VRL compiler (src/vrl/compile*.ts), not of the function library: run with
 * `it.fails`, so each one is reported, and turns red the day it starts to pass (then delete it here).
 */
const COMPILER_GAPS: Record<string, string> = {};


const cases = JSON.parse(readFileSync(new URL('./corpus/vrl/functions-reference.json', import.meta.url), 'utf8')) as Case[];
const ctx = { now: new Timestamp(1_700_000_000_000_000_000n) };

function fromJson(v: unknown): VrlValue {
  if (Array.isArray(v)) return v.map(fromJson);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fromJson(x)]));
  return v as VrlValue;
}

/** Comparable JSON: timestamps as RFC 3339 text (the corpus writes some as `{"$timestamp": ...}`, some as text). */
function normalize(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Timestamp) return v.toISOString();
  if (v instanceof VrlRegex) return { $regex: v.source };
  if (Array.isArray(v)) return v.map(normalize);
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o['$timestamp'] === 'string') return parseRfc3339(o['$timestamp'])!.toISOString();
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, normalize(x)]));
  }
  return v;
}

const detail = (message: string): string => message.replace(/^function call error for "[^"]*" at \(\d+:\d+\): /, '');

describe('VRL function reference corpus', () => {
  for (const c of cases) {
    const key = `${c.fn}: ${c.title}`;
    const diff = DIFFERENCES[key];
    const gap = COMPILER_GAPS[key];
    const test = gap === undefined ? it : it.fails;
    const title = gap !== undefined ? `${key} (compiler gap: ${gap})` : diff === undefined ? key : `${key} (differs: ${diff.why})`;
    test(title, () => {
      const expectedError = diff === undefined ? c.expected_error : diff.error;
      const expected = diff === undefined ? c.expected : diff.expected;
      const run = () => compileVrl(c.program).run(fromJson(c.input ?? {}), ctx).result;
      if (expectedError !== undefined) {
        expect(run).toThrow(detail(expectedError));
        return;
      }
      expect(normalize(run())).toEqual(normalize(expected));
    });
  }
});
