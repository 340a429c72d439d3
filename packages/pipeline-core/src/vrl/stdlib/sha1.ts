import { sha1 as sha1Hash } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { defineVrlFunction } from './function.js';
import { bytesArg } from './support/bytes.js';

export const sha1 = defineVrlFunction({
  name: 'sha1',
  summary: 'The SHA-1 digest of `value`, as lowercase hex.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Calculate sha1 hash', source: 'sha1("foo")', result: '0beec7b5ea3f0fdbc95d0dd47f3c5bc275da8a33' },
    { title: 'Empty string', source: 'sha1("")', result: 'da39a3ee5e6b4b0d3255bfef95601890afd80709' },
  ],
  call: (args) => bytesToHex(sha1Hash(bytesArg(args, 'value'))),
});
