import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';
import { pathComponents } from './support/paths.js';

export const dirname = defineVrlFunction({
  name: 'dirname',
  summary: 'The path `value` without its last component (a trailing `/` is ignored): `/` for a top-level entry, `.` for a bare name.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Extract dirname from file path', source: 'dirname("/usr/local/bin/vrl")', result: '/usr/local/bin' },
    { title: 'Extract dirname from directory path', source: 'dirname("/home/user/")', result: '/home' },
    { title: 'Root directory', source: 'dirname("/")', result: '/' },
    { title: 'Relative file', source: 'dirname("file.txt")', result: '.' },
  ],
  call(args) {
    const parts = pathComponents(str(args, 'value'));
    if (parts.length === 0) return '.';
    if (parts.length === 1) return parts[0] === '/' ? '/' : '.';
    const head = parts.slice(0, -1);
    return head[0] === '/' ? '/' + head.slice(1).join('/') : head.join('/');
  },
});
