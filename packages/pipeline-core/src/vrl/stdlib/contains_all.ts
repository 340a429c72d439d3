import { defineVrlFunction } from './function.js';
import { arr, bool, expected, str } from './support/args.js';

export const contains_all = defineVrlFunction({
  name: 'contains_all',
  summary: 'Is every string of `substrings` contained in `value`? Case-sensitive unless `case_sensitive` is false.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'substrings', kinds: ['array'], required: true },
    { name: 'case_sensitive', kinds: ['boolean'], required: false, default: true },
  ],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'String contains all', source: 'contains_all("The Needle In The Haystack", ["Needle", "Haystack"])', result: true },
    { title: 'String contains all (case sensitive)', source: 'contains_all("the NEEDLE in the haystack", ["needle", "haystack"])', result: false },
    {
      title: 'String contains all (case insensitive)',
      source: 'contains_all("the NEEDLE in the haystack", ["needle", "haystack"], case_sensitive: false)',
      result: true,
    },
  ],
  call(args) {
    const sensitive = bool(args, 'case_sensitive', true);
    const value = sensitive ? str(args, 'value') : str(args, 'value').toLowerCase();
    return arr(args, 'substrings').every((s) => {
      if (typeof s !== 'string') throw expected('string', s);
      return value.includes(sensitive ? s : s.toLowerCase());
    });
  },
});
