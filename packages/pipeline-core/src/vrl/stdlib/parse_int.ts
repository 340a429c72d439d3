import { defineVrlFunction, VrlFunctionError } from './function.js';
import { optInt, str } from './support/args.js';
import { normalizeInt } from './support/numbers.js';

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

function parseInBase(text: string, base: number): bigint {
  let i = 0;
  let neg = false;
  if (text[0] === '+' || text[0] === '-') {
    neg = text[0] === '-';
    i = 1;
  }
  if (i >= text.length) throw new VrlFunctionError('could not parse integer: invalid digit found in string');
  let v = 0n;
  const b = BigInt(base);
  for (; i < text.length; i++) {
    const d = DIGITS.indexOf(text[i]!.toLowerCase());
    if (d < 0 || d >= base) throw new VrlFunctionError('could not parse integer: invalid digit found in string');
    v = v * b + BigInt(d);
  }
  return neg ? -v : v;
}

export const parse_int = defineVrlFunction({
  name: 'parse_int',
  summary:
    'Parses the string `value` as an integer in `base` (2 to 36). Without `base`, a `0b`, `0o` or `0x` prefix picks binary, octal or hex, a leading `0` octal, else decimal.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'base', kinds: ['integer'], required: false },
  ],
  returns: ['integer'],
  fallible: true,
  examples: [
    { title: 'Parse decimal', source: 'parse_int!("-42")', result: -42 },
    { title: 'Parse binary', source: 'parse_int!("0b1001")', result: 9 },
    { title: 'Parse octal', source: 'parse_int!("0o42")', result: 34 },
    { title: 'Parse hexadecimal', source: 'parse_int!("0x2a")', result: 42 },
    { title: 'Parse explicit base', source: 'parse_int!("2a", 17)', result: 44 },
    { title: 'Invalid digits', source: 'parse_int!("12z")', result: { error: 'could not parse integer' } },
  ],
  call(args) {
    const text = str(args, 'value');
    let base = optInt(args, 'base');
    let digits = text;
    if (base === undefined) {
      if (text === '') throw new VrlFunctionError('could not parse integer: value is empty');
      if (text[0] === '0' && text.length > 1) {
        const p = text[1];
        if (p === 'b') [base, digits] = [2, text.slice(2)];
        else if (p === 'o') [base, digits] = [8, text.slice(2)];
        else if (p === 'x') [base, digits] = [16, text.slice(2)];
        else base = 8;
      } else base = 10;
    } else if (base < 2 || base > 36) {
      throw new VrlFunctionError(`invalid base ${base}: must be between 2 and 36 (inclusive)`);
    }
    return normalizeInt(parseInBase(digits, base));
  },
});
