import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';
import { utf8Decode, utf8Encode } from './support/utf8.js';

export const decode_percent = defineVrlFunction({
  name: 'decode_percent',
  summary: 'Decodes `%XX` escapes in `value` (as UTF-8; invalid sequences become U+FFFD); other text, and malformed escapes, stay as they are.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Percent decode a value', source: 'decode_percent("foo%20bar%3F")', result: 'foo bar?' },
    { title: 'UTF-8 sequences', source: 'decode_percent("%C3%BCber%zz")', result: 'über%zz' },
  ],
  call(args) {
    const bytes = utf8Encode(str(args, 'value'));
    const out: number[] = [];
    const hex = (b: number | undefined): number => {
      if (b === undefined) return -1;
      const c = String.fromCharCode(b);
      return /[0-9a-fA-F]/.test(c) ? parseInt(c, 16) : -1;
    };
    for (let i = 0; i < bytes.length; i++) {
      const hi = bytes[i] === 37 ? hex(bytes[i + 1]) : -1;
      const lo = hi >= 0 ? hex(bytes[i + 2]) : -1;
      if (lo >= 0) {
        out.push(hi * 16 + lo);
        i += 2;
      } else out.push(bytes[i]!);
    }
    return utf8Decode(Uint8Array.from(out));
  },
});
