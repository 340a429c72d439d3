import { defineVrlFunction } from './function.js';
import { oneOf, str } from './support/args.js';
import { utf8Decode } from './support/utf8.js';
import { base64Decode, STANDARD, URL_SAFE } from './support/base64.js';

export const decode_base64 = defineVrlFunction({
  name: 'decode_base64',
  summary: 'Decodes the Base64 `value` (`standard` or `url_safe` alphabet, padding optional) into a string (invalid UTF-8 is replaced).',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'charset', kinds: ['bytes'], required: false, default: 'standard' },
  ],
  returns: ['bytes'],
  fallible: true,
  examples: [
    { title: 'Decode Base64 data (default)', source: 'decode_base64!("eW91IGhhdmUgc3VjY2Vzc2Z1bGx5IGRlY29kZWQgbWU=")', result: 'you have successfully decoded me' },
    {
      title: 'Decode Base64 data (URL safe)',
      source: 'decode_base64!("eW91IGNhbid0IG1ha2UgeW91ciBoZWFydCBmZWVsIHNvbWV0aGluZyBpdCB3b24ndA==", charset: "url_safe")',
      result: "you can't make your heart feel something it won't",
    },
    { title: 'Invalid input', source: 'decode_base64!("not base64!")', result: { error: 'unable to decode value from base64' } },
  ],
  // A literal `charset` is checked once here: a wrong word is a compile error, not a per-record one.
  compile(staticArgs) {
    oneOf(staticArgs, 'charset', ['standard', 'url_safe'], 'standard');
    return undefined;
  },
  call(args) {
    const charset = oneOf(args, 'charset', ['standard', 'url_safe'], 'standard');
    return utf8Decode(base64Decode(str(args, 'value'), charset === 'url_safe' ? URL_SAFE : STANDARD));
  },
});
