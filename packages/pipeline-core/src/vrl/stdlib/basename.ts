import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';
import { pathComponents } from './support/paths.js';

export const basename = defineVrlFunction({
  name: 'basename',
  summary: 'The last component of the path `value` (a trailing `/` is ignored), or null when there is none (`/`, `..`).',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['bytes', 'null'],
  fallible: false,
  examples: [
    { title: 'Extract basename from file path', source: 'basename("/usr/local/bin/vrl")', result: 'vrl' },
    { title: 'Extract basename from file path with extension', source: 'basename("/home/user/file.txt")', result: 'file.txt' },
    { title: 'Extract basename from directory path', source: 'basename("/home/user/")', result: 'user' },
    { title: 'Root directory has no basename', source: 'basename("/")', result: null },
  ],
  call(args) {
    const last = pathComponents(str(args, 'value')).at(-1);
    return last === undefined || last === '/' || last === '..' ? null : last;
  },
});
