import { defineVrlFunction, VrlFunctionError } from './function.js';
import { arr, optStr } from './support/args.js';

export const join = defineVrlFunction({
  name: 'join',
  summary: 'Joins the strings of the array `value` into one string, with `separator` between them.',
  params: [
    { name: 'value', kinds: ['array'], required: true },
    { name: 'separator', kinds: ['bytes'], required: false },
  ],
  returns: ['bytes'],
  fallible: true,
  examples: [
    { title: 'Join array (no separator)', source: 'join!(["bring", "us", "together"])', result: 'bringustogether' },
    { title: 'Join array (comma separator)', source: 'join!(["sources", "transforms", "sinks"], separator: ", ")', result: 'sources, transforms, sinks' },
    { title: 'Non-string items are an error', source: 'join!(["a", 1])', result: { error: 'all array items must be strings' } },
  ],
  call(args) {
    const items = arr(args, 'value');
    for (const item of items) if (typeof item !== 'string') throw new VrlFunctionError('all array items must be strings');
    return (items as string[]).join(optStr(args, 'separator') ?? '');
  },
});
