import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';
import { pathComponents } from './support/paths.js';

export const split_path = defineVrlFunction({
  name: 'split_path',
  summary: 'The components of the path `value`, with `/` first for an absolute path (empty and `.` components are dropped).',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['array'],
  fallible: false,
  examples: [
    { title: 'Split path with trailing slash', source: 'split_path("/home/user/")', result: ['/', 'home', 'user'] },
    { title: 'Split path from file path', source: 'split_path("/home/user/file.txt")', result: ['/', 'home', 'user', 'file.txt'] },
    { title: 'Split relative path', source: 'split_path("a/./b")', result: ['a', 'b'] },
  ],
  call: (args) => pathComponents(str(args, 'value')),
});
