import { defineVrlFunction } from './function.js';
import { bool, str } from './support/args.js';

export const ends_with = defineVrlFunction({
  name: 'ends_with',
  summary: 'Does `value` end with `substring`? Case-sensitive unless `case_sensitive` is false.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'substring', kinds: ['bytes'], required: true },
    { name: 'case_sensitive', kinds: ['boolean'], required: false, default: true },
  ],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'String ends with (case sensitive)', source: 'ends_with("The Needle In The Haystack", "The Haystack")', result: true },
    {
      title: 'String ends with (case insensitive)',
      source: 'ends_with("The Needle In The Haystack", "the haystack", case_sensitive: false)',
      result: true,
    },
    { title: 'String ends with (case sensitive failure)', source: 'ends_with("foobar", "R")', result: false },
  ],
  call(args) {
    const value = str(args, 'value');
    const sub = str(args, 'substring');
    return bool(args, 'case_sensitive', true) ? value.endsWith(sub) : value.toLowerCase().endsWith(sub.toLowerCase());
  },
});
