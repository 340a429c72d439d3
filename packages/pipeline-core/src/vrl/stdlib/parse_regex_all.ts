import { defineVrlFunction } from './function.js';
import { bool, regex, str } from './support/args.js';
import { captureObject, matches } from './support/regex.js';

export const parse_regex_all = defineVrlFunction({
  name: 'parse_regex_all',
  summary:
    'Matches `value` against the regex `pattern` repeatedly and returns one object of named capture groups per match (with `numeric_groups`, also every group by number).',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'pattern', kinds: ['regex'], required: true },
    { name: 'numeric_groups', kinds: ['boolean'], required: false, default: false },
  ],
  returns: ['array'],
  fallible: true,
  examples: [
    {
      title: 'Parse using Regex (all matches)',
      source: "parse_regex_all!(\"first group and second group.\", r'(?P<number>\\w+) group', numeric_groups: true)",
      result: [
        { number: 'first', '0': 'first group', '1': 'first' },
        { number: 'second', '0': 'second group', '1': 'second' },
      ],
    },
    {
      title: 'Parse using Regex (simple match)',
      source: "parse_regex_all!(\"apples and carrots, peaches and peas\", r'(?P<fruit>[\\w\\.]+) and (?P<veg>[\\w]+)')",
      result: [
        { fruit: 'apples', veg: 'carrots' },
        { fruit: 'peaches', veg: 'peas' },
      ],
    },
    { title: 'No matches', source: "parse_regex_all!(\"abc\", r'(?P<d>\\d+)')", result: [] },
  ],
  call(args) {
    const re = regex(args, 'pattern');
    const numeric = bool(args, 'numeric_groups', false);
    return Array.from(matches(re, str(args, 'value')), (m) => captureObject(m, re, numeric));
  },
});
