import { defineVrlFunction } from './function.js';
import { bool, str } from './support/args.js';

export const starts_with = defineVrlFunction({
  name: 'starts_with',
  summary: 'Does `value` begin with `substring`? Case-sensitive unless `case_sensitive` is false.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'substring', kinds: ['bytes'], required: true },
    { name: 'case_sensitive', kinds: ['boolean'], required: false, default: true },
  ],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'String starts with (case sensitive)', source: 'starts_with("The Needle In The Haystack", "The Needle")', result: true },
    {
      title: 'String starts with (case insensitive)',
      source: 'starts_with("The Needle In The Haystack", "the needle", case_sensitive: false)',
      result: true,
    },
    { title: 'String starts with (case sensitive failure)', source: 'starts_with("foobar", "F")', result: false },
  ],
  call(args) {
    const value = str(args, 'value');
    const sub = str(args, 'substring');
    return bool(args, 'case_sensitive', true) ? value.startsWith(sub) : value.toLowerCase().startsWith(sub.toLowerCase());
  },
});
