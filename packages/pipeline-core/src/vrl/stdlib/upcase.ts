import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';

export const upcase = defineVrlFunction({
  name: 'upcase',
  summary: 'Upcases `value`: every lowercase character becomes uppercase.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Upcase a string', source: 'upcase("Hello, World!")', result: 'HELLO, WORLD!' },
    { title: 'Non-letters are kept', source: 'upcase("straße 42")', result: 'STRASSE 42' },
  ],
  call: (args) => str(args, 'value').toUpperCase(),
});
