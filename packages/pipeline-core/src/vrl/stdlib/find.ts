import { defineVrlFunction } from './function.js';
import { optInt, str } from './support/args.js';
import { isRegex } from './support/regex.js';

export const find = defineVrlFunction({
  name: 'find',
  summary: 'The index of the first match of `pattern` (a string or a regex) in `value` at or after `from`, or -1.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'pattern', kinds: ['bytes', 'regex'], required: true },
    { name: 'from', kinds: ['integer'], required: false, default: 0 },
  ],
  returns: ['integer'],
  fallible: false,
  examples: [
    { title: 'Match text at start', source: 'find("foobar", "foo")', result: 0 },
    { title: 'Match regex', source: "find(\"foobar\", r'b.r')", result: 3 },
    { title: 'No matches', source: 'find("foobar", "baz")', result: -1 },
    { title: 'With an offset', source: 'find("foobarfoobarfoo", "bar", 4)', result: 9 },
  ],
  call(args) {
    const value = str(args, 'value');
    const from = Math.max(0, optInt(args, 'from') ?? 0);
    const pattern = args['pattern'];
    if (isRegex(pattern)) {
      const m = pattern.re.matcher(value);
      return m.find(from) ? m.start() : -1;
    }
    return value.indexOf(str(args, 'pattern'), from);
  },
});
