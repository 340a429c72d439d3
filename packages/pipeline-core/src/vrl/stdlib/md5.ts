import { md5 as md5Hash } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { defineVrlFunction } from './function.js';
import { bytesArg } from './support/bytes.js';

export const md5 = defineVrlFunction({
  name: 'md5',
  summary: 'The MD5 digest of `value`, as lowercase hex.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Create md5 hash', source: 'md5("foo")', result: 'acbd18db4cc2f85cedef654fccc4a4d8' },
    { title: 'Empty string', source: 'md5("")', result: 'd41d8cd98f00b204e9800998ecf8427e' },
  ],
  call: (args) => bytesToHex(md5Hash(bytesArg(args, 'value'))),
});
