import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';

export const strip_whitespace = defineVrlFunction({
  name: 'strip_whitespace',
  summary: 'Strips Unicode whitespace from the start and end of `value`.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Strip whitespace', source: 'strip_whitespace("  A sentence.  ")', result: 'A sentence.' },
    { title: 'Start whitespace', source: 'strip_whitespace("  foobar")', result: 'foobar' },
    { title: 'Newlines', source: 'strip_whitespace("\\n\\nfoo bar\\n  ")', result: 'foo bar' },
  ],
  call: (args) => str(args, 'value').trim(),
});
