import { defineVrlFunction, VrlFunctionError } from './function.js';
import { num } from './support/args.js';

export const random_float = defineVrlFunction({
  name: 'random_float',
  summary: 'A random float from `min` (inclusive) to `max` (exclusive). Not for secrets.',
  params: [
    { name: 'min', kinds: ['integer', 'float'], required: true },
    { name: 'max', kinds: ['integer', 'float'], required: true },
  ],
  returns: ['float'],
  fallible: true,
  examples: [
    { title: 'Random float from 0.0 to 10.0, not including 10.0', source: 'f = random_float!(0.0, 10.0)\nf >= 0 && f < 10', result: true },
    { title: 'Empty range', source: 'random_float!(1.5, 1.5)', result: { error: 'max must be greater than min' } },
  ],
  call(args) {
    const min = Number(num(args, 'min'));
    const max = Number(num(args, 'max'));
    if (!(max > min)) throw new VrlFunctionError('max must be greater than min');
    return min + Math.random() * (max - min);
  },
});
