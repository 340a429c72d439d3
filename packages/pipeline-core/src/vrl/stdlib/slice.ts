import type { VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { expected, int, optInt } from './support/args.js';

function range(len: number, start: number, end: number | undefined): [number, number] {
  const s = start < 0 ? start + len : start;
  let e = end === undefined ? len : end < 0 ? end + len : end;
  if (s < 0 || s > len) throw new VrlFunctionError(`"start" must be between "${-len}" and "${len}"`);
  if (e < s) throw new VrlFunctionError('"end" must be greater or equal to "start"');
  if (e > len) e = len;
  return [s, e];
}

export const slice = defineVrlFunction({
  name: 'slice',
  summary:
    'Returns the part of `value` (a string or an array) from `start` up to, not including, `end`; negative indexes count from the end. Strings are indexed by character.',
  params: [
    { name: 'value', kinds: ['bytes', 'array'], required: true },
    { name: 'start', kinds: ['integer'], required: true },
    { name: 'end', kinds: ['integer'], required: false },
  ],
  returns: ['bytes', 'array'],
  fallible: true,
  examples: [
    { title: 'Slice a string (positive index)', source: 'slice!("Supercalifragilisticexpialidocious", start: 5, end: 13)', result: 'califrag' },
    { title: 'Slice a string (negative index)', source: 'slice!("Supercalifragilisticexpialidocious", start: 5, end: -14)', result: 'califragilistic' },
    { title: 'Array start', source: 'slice!([0, 1, 2], 1)', result: [1, 2] },
    { title: 'Start out of range', source: 'slice!("abc", 5)', result: { error: '"start" must be between "-3" and "3"' } },
  ],
  call(args) {
    const value = args['value'] as VrlValue;
    const start = int(args, 'start');
    const end = optInt(args, 'end');
    if (typeof value === 'string') {
      const cps = Array.from(value);
      const [s, e] = range(cps.length, start, end);
      return cps.slice(s, e).join('');
    }
    if (Array.isArray(value)) {
      const [s, e] = range(value.length, start, end);
      return value.slice(s, e);
    }
    throw expected('string or array', value);
  },
});
