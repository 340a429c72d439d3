import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STDLIB } from '../src/vrl/stdlib/index.js';
import { compileVrl, VrlCompileError, VrlSyntaxError } from '../src/vrl/index.js';
import { vrlResultToDocs } from '../src/vrl/result.js';
import { VrlRegex, type VrlValue } from '../src/vrl/value.js';
import { parseRfc3339 } from '../src/time/rfc3339.js';
import { Timestamp } from '../src/value/timestamp.js';

// Runs test/corpus/vrl/programs*.json: `program` over `input`; `expected` is the value of the last
// expression, `error` ({code} for compile errors, {message} for run-time ones) or the reference
// corpus' `expected_error` (any error, at compile time, run time or when the result becomes records).

interface Case {
  name?: string;
  program: string;
  input?: unknown;
  expected?: unknown;
  expected_error?: string;
  error?: { code?: string; message?: string };
  source?: string;
}

const load = (file: string): Case[] => JSON.parse(readFileSync(new URL(`./corpus/vrl/${file}`, import.meta.url), 'utf8')) as Case[];
const ctx = { now: new Timestamp(1_700_000_000_000_000_000n) };
const known = new Set([...STDLIB.map((f) => f.name), 'del', 'exists']);

/** JSON to VRL values: `{"$timestamp": "..."}` is a timestamp. */
function fromJson(v: unknown): VrlValue {
  if (Array.isArray(v)) return v.map(fromJson);
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o['$timestamp'] === 'string') return parseRfc3339(o['$timestamp'])!;
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, fromJson(x)]));
  }
  return v as VrlValue;
}

/** VRL values to comparable JSON: timestamps as `{$timestamp}` (RFC 3339), bigints as numbers. */
function toJson(v: VrlValue): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Timestamp) return { $timestamp: v.toISOString() };
  if (v instanceof VrlRegex) return { $regex: v.source };
  if (v instanceof Uint8Array) return Array.from(v);
  if (Array.isArray(v)) return v.map(toJson);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toJson(x)]));
  return v;
}

/** The expected value with `$any_timestamp` resolved against the actual one. */
function expectation(expected: unknown, actual: unknown): unknown {
  if (expected === '$any_timestamp') return actual !== null && typeof actual === 'object' && '$timestamp' in actual ? actual : expected;
  if (Array.isArray(expected)) return expected.map((x, i) => expectation(x, Array.isArray(actual) ? actual[i] : undefined));
  if (expected !== null && typeof expected === 'object') {
    const o = expected as Record<string, unknown>;
    if (typeof o['$timestamp'] === 'string') return { $timestamp: parseRfc3339(o['$timestamp'])!.toISOString() };
    const a = (actual ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, expectation(x, a[k])]));
  }
  return expected;
}

function missingFunctions(program: string): string[] {
  const names = [...program.matchAll(/\b([a-z_][a-z0-9_]*)!?\(/g)].map((m) => m[1]!);
  return names.filter((n) => !known.has(n) && n !== 'if');
}

function runCase(c: Case): void {
  const input = fromJson(c.input ?? {});
  if (c.error !== undefined) {
    let caught: unknown;
    try {
      compileVrl(c.program).run(input, ctx);
    } catch (e) {
      caught = e;
    }
    expect(caught, 'expected an error').toBeInstanceOf(Error);
    if (c.error.code !== undefined) {
      expect(caught instanceof VrlCompileError || caught instanceof VrlSyntaxError, String(caught)).toBe(true);
      expect((caught as VrlCompileError).vrlCode, (caught as Error).message).toBe(c.error.code);
    }
    if (c.error.message !== undefined) expect((caught as Error).message).toContain(c.error.message);
    return;
  }
  if (c.expected_error !== undefined) {
    expect(() => vrlResultToDocs(compileVrl(c.program).run(input, ctx).result)).toThrow();
    return;
  }
  const { result } = compileVrl(c.program).run(input, ctx);
  const actual = toJson(result);
  expect(actual).toEqual(expectation(c.expected, actual));
}

for (const file of ['programs-reference.json', 'programs.json']) {
  describe(`VRL corpus ${file}`, () => {
    load(file).forEach((c, i) => {
      const missing = c.error?.code === 'E105' ? [] : missingFunctions(c.program);
      const title = `${i}: ${c.name ?? c.source ?? c.program.slice(0, 50)}`;
      // A case needing a standard-library function that is not registered fails (it is never skipped).
      it(title, () => {
        expect(missing, 'VRL functions this case calls that are not registered').toEqual([]);
        runCase(c);
      });
    });
  });
}
