import { defineVrlFunction, VrlFunctionError } from './function.js';
import { int } from './support/args.js';

export const random_int = defineVrlFunction({
  name: 'random_int',
  summary: 'A random integer from `min` (inclusive) to `max` (exclusive). Not for secrets.',
  params: [
    { name: 'min', kinds: ['integer'], required: true },
    { name: 'max', kinds: ['integer'], required: true },
  ],
  returns: ['integer'],
  fallible: true,
  examples: [
    { title: 'Random integer from 0 to 10, not including 10', source: 'n = random_int!(0, 10)\nn >= 0 && n < 10', result: true },
    { title: 'Empty range', source: 'random_int!(5, 5)', result: { error: 'max must be greater than min' } },
  ],
  call(args) {
    const min = int(args, 'min');
    const max = int(args, 'max');
    if (max <= min) throw new VrlFunctionError('max must be greater than min');
    return min + Math.floor(Math.random() * (max - min));
  },
});
