import { defineVrlFunction, VrlFunctionError } from './function.js';
import { num } from './support/args.js';
import { normalizeInt } from './support/numbers.js';

export const mod = defineVrlFunction({
  name: 'mod',
  summary: 'The remainder of `value` divided by `modulus` (the sign follows `value`). A zero `modulus` is a run-time error for the record.',
  params: [
    { name: 'value', kinds: ['integer', 'float'], required: true },
    { name: 'modulus', kinds: ['integer', 'float'], required: true },
  ],
  returns: ['integer', 'float'],
  fallible: false,
  examples: [
    { title: 'Calculate the remainder of two integers', source: 'mod(5, 2)', result: 1 },
    { title: 'Negative dividend', source: 'mod(-7, 3)', result: -1 },
    { title: 'Floats', source: 'mod(5.5, 2)', result: 1.5 },
    { title: 'Division by zero', source: 'mod(5, 0)', result: { error: 'can\'t calculate remainder of 5 divided by zero' } },
  ],
  call(args) {
    const v = num(args, 'value');
    const m = num(args, 'modulus');
    // eslint-disable-next-line eqeqeq
    if (m == 0) throw new VrlFunctionError(`can't calculate remainder of ${v} divided by zero`);
    if (typeof v === 'bigint' || typeof m === 'bigint') {
      if ((typeof v === 'number' && !Number.isInteger(v)) || (typeof m === 'number' && !Number.isInteger(m))) return Number(v) % Number(m);
      return normalizeInt(BigInt(v) % BigInt(m));
    }
    return v % m;
  },
});
