import { defineVrlFunction } from './function.js';
import { roundingCall } from './support/rounding.js';

export const floor = defineVrlFunction({
  name: 'floor',
  summary: 'Rounds `value` down to `precision` decimal places; integers are returned unchanged.',
  params: [
    { name: 'value', kinds: ['integer', 'float'], required: true },
    { name: 'precision', kinds: ['integer'], required: false, default: 0 },
  ],
  returns: ['integer', 'float'],
  fallible: false,
  examples: [
    { title: 'Round a number down (without precision)', source: 'floor(4.345)', result: 4 },
    { title: 'Round a number down (with precision)', source: 'floor(4.345, precision: 2)', result: 4.34 },
    { title: 'Negative numbers go down', source: 'floor(-1.5)', result: -2 },
  ],
  call: roundingCall(Math.floor),
});
