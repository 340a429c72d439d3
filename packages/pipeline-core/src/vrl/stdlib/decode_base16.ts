import { defineVrlFunction, VrlFunctionError } from './function.js';
import { str } from './support/args.js';
import { utf8Decode } from './support/utf8.js';

export const decode_base16 = defineVrlFunction({
  name: 'decode_base16',
  summary: 'Decodes the hexadecimal `value` (either case) into a string (invalid UTF-8 is replaced).',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['bytes'],
  fallible: true,
  examples: [
    { title: 'Decode Base16 data', source: 'decode_base16!("796f752068617665207375636365737366756c6c79206465636f646564206d65")', result: 'you have successfully decoded me' },
    { title: 'Odd length', source: 'decode_base16!("abc")', result: { error: 'unable to decode value from base16' } },
  ],
  call(args) {
    const text = str(args, 'value');
    if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) throw new VrlFunctionError('unable to decode value from base16: expected an even number of hex digits');
    const out = new Uint8Array(text.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
    return utf8Decode(out);
  },
});
