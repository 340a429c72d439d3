import { VrlRegex } from '../value.js';
import { defineVrlFunction } from './function.js';
import { arr, expected, str } from './support/args.js';

export const match_any = defineVrlFunction({
  name: 'match_any',
  summary: 'Does any of the regexes in `patterns` match anywhere in `value`?',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'patterns', kinds: ['array'], required: true },
  ],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Regex match on a string', source: "match_any(\"I'm a little teapot\", [r'frying pan', r'teapot'])", result: true },
    { title: 'No match', source: "match_any(\"I'm a little teapot\", [r'^teapot', r'kettle'])", result: false },
  ],
  call(args) {
    const value = str(args, 'value');
    for (const p of arr(args, 'patterns')) {
      if (!(p instanceof VrlRegex)) throw expected('regex', p);
      if (p.re.matcher(value).find()) return true;
    }
    return false;
  },
});
