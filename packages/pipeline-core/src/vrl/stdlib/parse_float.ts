import { defineVrlFunction, VrlFunctionError } from './function.js';
import { str } from './support/args.js';
import { parseRustFloat } from './support/numbers.js';

export const parse_float = defineVrlFunction({
  name: 'parse_float',
  summary: 'Parses the string `value` as a float (decimal or scientific notation, `inf`, `NaN`).',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['float'],
  fallible: true,
  examples: [
    { title: 'Parse negative integer', source: 'parse_float!("-42")', result: -42 },
    { title: 'Parse float', source: 'parse_float!("42.38")', result: 42.38 },
    { title: 'Scientific notation', source: 'parse_float!("2.5e3")', result: 2500 },
    { title: 'Invalid float', source: 'parse_float!("4.2.1")', result: { error: 'unable to parse float' } },
  ],
  call(args) {
    const text = str(args, 'value');
    const f = parseRustFloat(text);
    if (f === undefined) throw new VrlFunctionError(`unable to parse float "${text}": invalid float literal`);
    return f;
  },
});
