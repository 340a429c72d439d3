import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';

export const downcase = defineVrlFunction({
  name: 'downcase',
  summary: 'Downcases `value`: every uppercase character becomes lowercase.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Downcase a string', source: 'downcase("Hello, World!")', result: 'hello, world!' },
    { title: 'Downcase with number', source: 'downcase("FOO 2 BAR")', result: 'foo 2 bar' },
  ],
  call: (args) => str(args, 'value').toLowerCase(),
});
