import { defineVrlFunction } from './function.js';
import { num, optInt, optStr } from './support/args.js';
import { rustFloatText } from './support/numbers.js';

export const format_number = defineVrlFunction({
  name: 'format_number',
  summary:
    'Formats the number `value` as text: `scale` decimal places (cut, not rounded, or padded with zeros), `decimal_separator` (default `.`) and an optional `grouping_separator` between thousands.',
  params: [
    { name: 'value', kinds: ['integer', 'float'], required: true },
    { name: 'scale', kinds: ['integer'], required: false },
    { name: 'decimal_separator', kinds: ['bytes'], required: false, default: '.' },
    { name: 'grouping_separator', kinds: ['bytes'], required: false },
  ],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Format a number (3 decimals)', source: 'format_number(1234567.89, 3, decimal_separator: ".", grouping_separator: ",")', result: '1,234,567.890' },
    { title: 'Format a number with European-style separators', source: 'format_number(4672.4, decimal_separator: ",", grouping_separator: "_")', result: '4_672,4' },
    { title: 'Decimals are cut, not rounded', source: 'format_number(1234.567, 2)', result: '1234.56' },
    { title: 'Negative numbers keep their sign out of the groups', source: 'format_number(-123456, grouping_separator: ",")', result: '-123,456' },
  ],
  call(args) {
    const v = num(args, 'value');
    const text = typeof v === 'bigint' ? v.toString() : rustFloatText(v);
    const sign = text.startsWith('-') ? '-' : '';
    const [intPart, fracPart] = text.slice(sign.length).split('.');
    let whole = intPart ?? '';
    let frac: string | undefined = fracPart;
    const scale = optInt(args, 'scale');
    if (scale !== undefined) frac = scale <= 0 ? undefined : (frac ?? '').slice(0, scale).padEnd(scale, '0');
    const group = optStr(args, 'grouping_separator');
    if (group !== undefined) whole = whole.replace(/\B(?=(\d{3})+$)/g, group);
    return sign + whole + (frac === undefined ? '' : (optStr(args, 'decimal_separator') ?? '.') + frac);
  },
});
