import { hmac as nobleHmac } from '@noble/hashes/hmac.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { sha224, sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { defineVrlFunction } from './function.js';
import { oneOf } from './support/args.js';
import { bytesArg } from './support/bytes.js';

const ALGORITHMS = { SHA1: sha1, 'SHA-224': sha224, 'SHA-256': sha256, 'SHA-384': sha384, 'SHA-512': sha512 } as const;
type Algorithm = keyof typeof ALGORITHMS;
const NAMES = Object.keys(ALGORITHMS) as Algorithm[];

export const hmac = defineVrlFunction({
  name: 'hmac',
  summary:
    'The HMAC of `value` with `key`, using `algorithm` (SHA1, SHA-224, SHA-256 (default), SHA-384, SHA-512), as raw bytes: encode it with `encode_base64` or `encode_base16`.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'key', kinds: ['bytes'], required: true },
    { name: 'algorithm', kinds: ['bytes'], required: false, default: 'SHA-256' },
  ],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Calculate message HMAC (defaults: SHA-256), encoding to a base64 string', source: 'encode_base64(hmac("Hello there", "super-secret-key"))', result: 'eLGE8YMviv85NPXgISRUZxstBNSU47JQdcXkUWcClmI=' },
    {
      title: 'Calculate message HMAC using SHA-224, encoding to a hex-encoded string',
      source: 'encode_base16(hmac("Hello there", "super-secret-key", algorithm: "SHA-224"))',
      result: '42fccbc2b7d22a143b92f265a8046187558a94d11ddbb30622207e90',
    },
  ],
  // A literal `algorithm` is checked once here: a wrong word is a compile error, not a per-record one.
  compile(staticArgs) {
    oneOf(staticArgs, 'algorithm', NAMES, 'SHA-256');
    return undefined;
  },
  call(args) {
    const algorithm = oneOf(args, 'algorithm', NAMES, 'SHA-256');
    return nobleHmac(ALGORITHMS[algorithm], bytesArg(args, 'key'), bytesArg(args, 'value'));
  },
});
