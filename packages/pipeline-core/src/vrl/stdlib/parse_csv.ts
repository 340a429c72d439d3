import { defineVrlFunction, VrlFunctionError } from './function.js';
import { optStr, str } from './support/args.js';

/** The first record of CSV text (RFC 4180 quoting, `""` for a quote inside a quoted field). */
function firstRecord(s: string, delimiter: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (s[i] === '"') {
      i++;
      for (;;) {
        if (i >= s.length) throw new VrlFunctionError('invalid csv record: unterminated quoted field');
        if (s[i] === '"') {
          if (s[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += s[i++];
      }
      // Text after the closing quote runs on into the field, as the csv crate reads it.
      while (i < s.length && s[i] !== delimiter && s[i] !== '\n' && s[i] !== '\r') field += s[i++];
    } else {
      while (i < s.length && s[i] !== delimiter && s[i] !== '\n' && s[i] !== '\r') field += s[i++];
    }
    out.push(field);
    if (i < s.length && s[i] === delimiter) {
      i++;
      continue;
    }
    return out;
  }
}

export const parse_csv = defineVrlFunction({
  name: 'parse_csv',
  summary: 'Parses one CSV record from `value` into an array of strings; `delimiter` is a single character (default `,`).',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'delimiter', kinds: ['bytes'], required: false, default: ',' },
  ],
  returns: ['array'],
  fallible: true,
  examples: [
    { title: 'Parse a single CSV formatted row', source: "parse_csv!(s'foo,bar,\"foo \"\", bar\"')", result: ['foo', 'bar', 'foo ", bar'] },
    { title: 'Parse a single CSV formatted row with custom delimiter', source: 'parse_csv!("foo bar", delimiter: " ")', result: ['foo', 'bar'] },
    { title: 'Multi-character delimiter', source: 'parse_csv!("a::b", delimiter: "::")', result: { error: 'delimiter must be a single character' } },
  ],
  call(args) {
    const delimiter = optStr(args, 'delimiter') ?? ',';
    if (delimiter.length !== 1) throw new VrlFunctionError('delimiter must be a single character');
    return firstRecord(str(args, 'value'), delimiter);
  },
});
