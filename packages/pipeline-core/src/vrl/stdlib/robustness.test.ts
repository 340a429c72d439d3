import { describe, expect, it } from 'vitest';
import { Timestamp } from '../../value/timestamp.js';
import type { VrlValue } from '../value.js';
import { VrlFunctionError } from './function.js';
import { STDLIB } from './index.js';
import { compileRegex } from './support/regex.js';

// Every function, every parameter, every kind of value: the call returns a value or throws a
// VrlFunctionError (which the runtime reports as a function call error), never a TypeError or a
// RangeError from deep inside. Required parameters not under test get a value of a declared kind.

const SAMPLES: readonly VrlValue[] = [null, 0, -1, 1.5, true, '', 'x y', [], [1, 'a'], {}, { a: { b: 1 } }, compileRegex('a+'), new Timestamp(0n)];
const ctx = { now: new Timestamp(1_700_000_000_000_000_000n) };

function sampleOf(kinds: readonly string[]): VrlValue {
  if (kinds.includes('bytes')) return 'a=1 b';
  if (kinds.includes('integer')) return 1;
  if (kinds.includes('float')) return 1.5;
  if (kinds.includes('array')) return ['a'];
  if (kinds.includes('object')) return { a: 1 };
  if (kinds.includes('boolean')) return true;
  if (kinds.includes('timestamp')) return new Timestamp(0n);
  if (kinds.includes('regex')) return compileRegex('a');
  return null;
}

describe('every function rejects bad arguments with a VrlFunctionError', () => {
  for (const fn of STDLIB) {
    it(fn.name, () => {
      let compiled: unknown;
      try {
        compiled = fn.compile?.({});
      } catch (e) {
        expect(e).toBeInstanceOf(VrlFunctionError);
      }
      const closure = fn.closure === undefined ? undefined : (...xs: VrlValue[]) => xs[xs.length - 1] ?? null;
      for (const target of fn.params) {
        for (const sample of SAMPLES) {
          const args: Record<string, VrlValue | undefined> = {};
          for (const p of fn.params) args[p.name] = p === target ? sample : p.required ? sampleOf(p.kinds) : p.default;
          try {
            fn.call(args, ctx, compiled, closure);
          } catch (e) {
            if (!(e instanceof VrlFunctionError)) {
              throw new Error(`${fn.name}(${target.name}: ${String(sample)}) threw ${(e as Error).name}: ${(e as Error).message}`);
            }
          }
        }
      }
    });
  }
});
