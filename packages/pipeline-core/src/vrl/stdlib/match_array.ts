import { defineVrlFunction } from './function.js';
import { arr, bool, regex } from './support/args.js';

export const match_array = defineVrlFunction({
  name: 'match_array',
  summary: 'Does the regex `pattern` match any element of the array `value` (or, with `all`, every element)? Elements that are not strings never match.',
  params: [
    { name: 'value', kinds: ['array'], required: true },
    { name: 'pattern', kinds: ['regex'], required: true },
    { name: 'all', kinds: ['boolean'], required: false, default: false },
  ],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Match at least one element', source: "match_array([\"foobar\", \"bazqux\"], r'foo')", result: true },
    { title: 'Match all elements', source: "match_array([\"foo\", \"foobar\", \"barfoo\"], r'foo', all: true)", result: true },
    { title: 'No matches', source: "match_array([\"bazqux\", \"xyz\"], r'foo')", result: false },
    { title: 'Not all elements match', source: "match_array([\"foo\", \"foobar\", \"baz\"], r'foo', all: true)", result: false },
  ],
  call(args) {
    const re = regex(args, 'pattern');
    const test = (x: unknown) => typeof x === 'string' && re.re.matcher(x).find();
    const items = arr(args, 'value');
    return bool(args, 'all', false) ? items.every(test) : items.some(test);
  },
});
