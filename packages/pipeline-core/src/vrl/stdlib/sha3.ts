import { bytesToHex } from '@noble/hashes/utils.js';
import { defineVrlFunction } from './function.js';
import { oneOf } from './support/args.js';
import { bytesArg } from './support/bytes.js';
import { SHA3_VARIANTS } from './support/hashes.js';

const VARIANTS = Object.keys(SHA3_VARIANTS);

export const sha3 = defineVrlFunction({
  name: 'sha3',
  summary: 'The SHA-3 digest of `value` as lowercase hex; `variant` is SHA3-224, SHA3-256, SHA3-384 or SHA3-512 (default).',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'variant', kinds: ['bytes'], required: false, default: 'SHA3-512' },
  ],
  returns: ['bytes'],
  fallible: false,
  examples: [
    {
      title: 'Calculate sha3 hash using default variant',
      source: 'sha3("foobar")',
      result: 'ff32a30c3af5012ea395827a3e99a13073c3a8d8410a708568ff7e6eb85968fccfebaea039bc21411e9d43fdb9a851b529b9960ffea8679199781b8f45ca85e2',
    },
    { title: 'Calculate sha3 hash with SHA3-224', source: 'sha3("foo", variant: "SHA3-224")', result: 'f4f6779e153c391bbd29c95e72b0708e39d9166c7cea51d1f10ef58a' },
  ],
  // A literal `variant` is checked once here: a wrong word is a compile error, not a per-record one.
  compile(staticArgs) {
    oneOf(staticArgs, 'variant', VARIANTS, 'SHA3-512');
    return undefined;
  },
  call(args) {
    const variant = oneOf(args, 'variant', VARIANTS, 'SHA3-512');
    return bytesToHex(SHA3_VARIANTS[variant]!(bytesArg(args, 'value')));
  },
});
