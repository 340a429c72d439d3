import { defineVrlFunction } from './function.js';
import { bool, str } from './support/args.js';

export const contains = defineVrlFunction({
  name: 'contains',
  summary: 'Is `substring` contained in `value`? Case-sensitive unless `case_sensitive` is false.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'substring', kinds: ['bytes'], required: true },
    { name: 'case_sensitive', kinds: ['boolean'], required: false, default: true },
  ],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'String contains (case sensitive)', source: 'contains("The Needle In The Haystack", "Needle")', result: true },
    { title: 'String contains with default parameters (case sensitive)', source: 'contains("banana", "AnA")', result: false },
    { title: 'String contains (case insensitive)', source: 'contains("banana", "AnA", case_sensitive: false)', result: true },
  ],
  call(args) {
    const value = str(args, 'value');
    const sub = str(args, 'substring');
    return bool(args, 'case_sensitive', true) ? value.includes(sub) : value.toLowerCase().includes(sub.toLowerCase());
  },
});
