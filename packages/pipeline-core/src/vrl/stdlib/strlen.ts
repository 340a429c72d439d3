import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';

export const strlen = defineVrlFunction({
  name: 'strlen',
  summary: 'The number of characters (Unicode scalar values) in `value`; `length` counts bytes.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['integer'],
  fallible: false,
  examples: [
    { title: 'Count characters', source: 'strlen("ñandú")', result: 5 },
    { title: 'ASCII', source: 'strlen("foobar")', result: 6 },
  ],
  call(args) {
    let n = 0;
    for (const _ of str(args, 'value')) n++;
    return n;
  },
});
