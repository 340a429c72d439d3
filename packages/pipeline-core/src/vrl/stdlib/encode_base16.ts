import { bytesToHex } from '@noble/hashes/utils.js';
import { defineVrlFunction } from './function.js';
import { bytesArg } from './support/bytes.js';

export const encode_base16 = defineVrlFunction({
  name: 'encode_base16',
  summary: 'Encodes the bytes (UTF-8) of `value` as lowercase hexadecimal.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Encode to Base16', source: 'encode_base16("please encode me")', result: '706c6561736520656e636f6465206d65' },
    { title: 'Non-ASCII', source: 'encode_base16("ü")', result: 'c3bc' },
  ],
  call: (args) => bytesToHex(bytesArg(args, 'value')),
});
