import { bytesToHex } from '@noble/hashes/utils.js';
import { defineVrlFunction } from './function.js';
import { oneOf } from './support/args.js';
import { bytesArg } from './support/bytes.js';
import { SHA2_VARIANTS } from './support/hashes.js';

const VARIANTS = Object.keys(SHA2_VARIANTS);

export const sha2 = defineVrlFunction({
  name: 'sha2',
  summary: 'The SHA-2 digest of `value` as lowercase hex; `variant` is SHA-224, SHA-256, SHA-384, SHA-512, SHA-512/224 or SHA-512/256 (default).',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'variant', kinds: ['bytes'], required: false, default: 'SHA-512/256' },
  ],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Calculate sha2 hash using default variant', source: 'sha2("foobar")', result: 'd014c752bc2be868e16330f47e0c316a5967bcbc9c286a457761d7055b9214ce' },
    { title: 'Calculate sha2 hash with SHA-512/224', source: 'sha2("foo", variant: "SHA-512/224")', result: 'd68f258d37d670cfc1ec1001a0394784233f88f056994f9a7e5e99be' },
    { title: 'Unknown variant (a compile error)', source: 'sha2("foo", variant: "SHA-999")', result: { error: "invalid variant 'SHA-999'" } },
    { title: 'Calculate sha2 hash with SHA-256', source: 'sha2("foo", variant: "SHA-256")', result: '2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae' },
  ],
  // A literal `variant` is checked once here: a wrong word is a compile error, not a per-record one.
  compile(staticArgs) {
    oneOf(staticArgs, 'variant', VARIANTS, 'SHA-512/256');
    return undefined;
  },
  call(args) {
    const variant = oneOf(args, 'variant', VARIANTS, 'SHA-512/256');
    return bytesToHex(SHA2_VARIANTS[variant]!(bytesArg(args, 'value')));
  },
});
