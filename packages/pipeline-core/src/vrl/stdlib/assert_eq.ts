import { vrlEquals } from '../equality.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { any, optStr } from './support/args.js';
import { showValue } from './support/show.js';

export const assert_eq = defineVrlFunction({
  name: 'assert_eq',
  summary: 'Fails with `message` (default: both values shown) unless `left` equals `right`; returns true.',
  params: [
    { name: 'left', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true },
    { name: 'right', kinds: ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'], required: true },
    { name: 'message', kinds: ['bytes'], required: false },
  ],
  returns: ['boolean'],
  fallible: true,
  examples: [
    { title: 'Successful assertion', source: 'assert_eq!(1, 1)', result: true },
    { title: 'Unsuccessful assertion', source: 'assert_eq!(127, [1, 2, 3])', result: { error: 'assertion failed: 127 == [1, 2, 3]' } },
    { title: 'Unsuccessful assertion with custom log message', source: 'assert_eq!(1, 0, message: "Unequal integers")', result: { error: 'Unequal integers' } },
  ],
  call(args) {
    const left = any(args, 'left');
    const right = any(args, 'right');
    if (vrlEquals(left, right)) return true;
    throw new VrlFunctionError(optStr(args, 'message') ?? `assertion failed: ${showValue(left)} == ${showValue(right)}`);
  },
});
