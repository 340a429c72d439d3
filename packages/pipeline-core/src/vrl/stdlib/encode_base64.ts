import { defineVrlFunction } from './function.js';
import { bool, oneOf } from './support/args.js';
import { base64Encode, STANDARD, URL_SAFE } from './support/base64.js';
import { bytesArg } from './support/bytes.js';

export const encode_base64 = defineVrlFunction({
  name: 'encode_base64',
  summary: 'Encodes `value` in Base64, with the `standard` or `url_safe` alphabet and with or without `padding`.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'padding', kinds: ['boolean'], required: false, default: true },
    { name: 'charset', kinds: ['bytes'], required: false, default: 'standard' },
  ],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Encode to Base64 (default)', source: 'encode_base64("please encode me")', result: 'cGxlYXNlIGVuY29kZSBtZQ==' },
    { title: 'Encode to Base64 (without padding)', source: 'encode_base64("please encode me, no padding though", padding: false)', result: 'cGxlYXNlIGVuY29kZSBtZSwgbm8gcGFkZGluZyB0aG91Z2g' },
    { title: 'Encode to Base64 (URL safe)', source: 'encode_base64("please encode me, but safe for URLs", charset: "url_safe")', result: 'cGxlYXNlIGVuY29kZSBtZSwgYnV0IHNhZmUgZm9yIFVSTHM=' },
  ],
  // A literal `charset` is checked once here: a wrong word is a compile error, not a per-record one.
  compile(staticArgs) {
    oneOf(staticArgs, 'charset', ['standard', 'url_safe'], 'standard');
    return undefined;
  },
  call(args) {
    const charset = oneOf(args, 'charset', ['standard', 'url_safe'], 'standard');
    return base64Encode(bytesArg(args, 'value'), charset === 'url_safe' ? URL_SAFE : STANDARD, bool(args, 'padding', true));
  },
});
