import { defineVrlFunction } from './function.js';
import { roundHalfAway, roundingCall } from './support/rounding.js';

export const round = defineVrlFunction({
  name: 'round',
  summary: 'Rounds `value` to the nearest number with `precision` decimal places (halves away from zero); integers are returned unchanged.',
  params: [
    { name: 'value', kinds: ['integer', 'float'], required: true },
    { name: 'precision', kinds: ['integer'], required: false, default: 0 },
  ],
  returns: ['integer', 'float'],
  fallible: false,
  examples: [
    { title: 'Round a number (without precision)', source: 'round(4.345)', result: 4 },
    { title: 'Round a number (with precision)', source: 'round(4.345, precision: 2)', result: 4.35 },
    { title: 'Round up', source: 'round(5.5)', result: 6 },
    { title: 'Round down', source: 'round(5.45)', result: 5 },
    { title: 'Negative halves round away from zero', source: 'round(-2.5)', result: -3 },
  ],
  call: roundingCall(roundHalfAway),
});
