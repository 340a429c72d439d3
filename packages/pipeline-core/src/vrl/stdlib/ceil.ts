import { defineVrlFunction } from './function.js';
import { roundingCall } from './support/rounding.js';

export const ceil = defineVrlFunction({
  name: 'ceil',
  summary: 'Rounds `value` up to `precision` decimal places; integers are returned unchanged.',
  params: [
    { name: 'value', kinds: ['integer', 'float'], required: true },
    { name: 'precision', kinds: ['integer'], required: false, default: 0 },
  ],
  returns: ['integer', 'float'],
  fallible: false,
  examples: [
    { title: 'Round a number up (without precision)', source: 'ceil(4.345)', result: 5 },
    { title: 'Round a number up (with precision)', source: 'ceil(4.345, precision: 2)', result: 4.35 },
    { title: 'Round an integer up (noop)', source: 'ceil(5)', result: 5 },
  ],
  call: roundingCall(Math.ceil),
});
