import { defineVrlFunction } from './function.js';
import { oneOf } from './support/args.js';
import { bytesArg } from './support/bytes.js';

/** Bytes each set leaves unescaped, besides ASCII letters and digits (the Rust `percent-encoding` sets VRL offers). */
const KEEP: Readonly<Record<string, string>> = {
  NON_ALPHANUMERIC: '',
  CONTROLS: ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
  FRAGMENT: '!#$%&\'()*+,-./:;=?@[\\]^_{|}~',
  QUERY: '!$%&\'()*+,-./:;=?@[\\]^_`{|}~',
  SPECIAL: '!$%&()*+,-./:;=?@[\\]^_`{|}~',
  PATH: '!$%&\'()*+,-./:;=@[\\]^_|~',
  USERINFO: '!$%&\'()*+,-._~',
  COMPONENT: '!\'()*-._~',
  WWW_FORM_URLENCODED: '*-._',
};

const SET_NAMES = Object.keys(KEEP);

function isAlnum(b: number): boolean {
  return (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122);
}

export const encode_percent = defineVrlFunction({
  name: 'encode_percent',
  summary:
    'Percent-encodes `value` (UTF-8): every byte outside ASCII letters and digits, and outside the characters the `ascii_set` keeps, becomes `%XX`.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'ascii_set', kinds: ['bytes'], required: false, default: 'NON_ALPHANUMERIC' },
  ],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Percent encode all non-alphanumeric characters (default)', source: 'encode_percent("foo bar?")', result: 'foo%20bar%3F' },
    { title: 'Percent encode only control characters', source: 'encode_percent("foo \\tbar", ascii_set: "CONTROLS")', result: 'foo %09bar' },
    { title: 'Non-ASCII characters', source: 'encode_percent("über")', result: '%C3%BCber' },
  ],
  // A literal `ascii_set` is checked once here: a wrong word is a compile error, not a per-record one.
  compile(staticArgs) {
    oneOf(staticArgs, 'ascii_set', SET_NAMES, 'NON_ALPHANUMERIC');
    return undefined;
  },
  call(args) {
    const keep = KEEP[oneOf(args, 'ascii_set', SET_NAMES, 'NON_ALPHANUMERIC')]!;
    let out = '';
    for (const b of bytesArg(args, 'value')) {
      const c = String.fromCharCode(b);
      out += b < 128 && (isAlnum(b) || keep.includes(c)) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    }
    return out;
  },
});
