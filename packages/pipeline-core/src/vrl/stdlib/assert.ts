import { defineVrlFunction, VrlFunctionError } from './function.js';
import { expected, optStr } from './support/args.js';

export const assert = defineVrlFunction({
  name: 'assert',
  summary: 'Fails with `message` (default `assertion failed`) unless `condition` is true; returns true.',
  params: [
    { name: 'condition', kinds: ['boolean'], required: true },
    { name: 'message', kinds: ['bytes'], required: false },
  ],
  returns: ['boolean'],
  fallible: true,
  examples: [
    { title: 'Assertion (true)', source: 'assert!("foo" == "foo", message: "\\"foo\\" must be \\"foo\\"!")', result: true },
    { title: 'Assertion (false)', source: 'assert!("foo" == "bar", message: "\\"foo\\" must be \\"foo\\"!")', result: { error: '"foo" must be "foo"!' } },
  ],
  call(args) {
    const c = args['condition'];
    if (typeof c !== 'boolean') throw expected('boolean', c ?? null);
    if (!c) throw new VrlFunctionError(optStr(args, 'message') ?? 'assertion failed');
    return true;
  },
});
