import { defineVrlFunction, VrlFunctionError } from './function.js';
import { bool, regex, str } from './support/args.js';
import { captureObject } from './support/regex.js';

export const parse_regex = defineVrlFunction({
  name: 'parse_regex',
  summary:
    'Matches `value` against the regex `pattern` and returns the named capture groups of the first match as an object (with `numeric_groups`, also every group by number). Fails when nothing matches.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'pattern', kinds: ['regex'], required: true },
    { name: 'numeric_groups', kinds: ['boolean'], required: false, default: false },
  ],
  returns: ['object'],
  fallible: true,
  examples: [
    { title: 'Parse using Regex (with capture groups)', source: "parse_regex!(\"first group and second group.\", r'(?P<number>.*?) group')", result: { number: 'first' } },
    { title: 'Parse using Regex with simple match', source: "parse_regex!(\"8.7.6.5 - zorp\", r'^(?P<host>[\\w\\.]+) - (?P<user>[\\w]+)')", result: { host: '8.7.6.5', user: 'zorp' } },
    {
      title: 'Parse using Regex with all numeric groups',
      source: "parse_regex!(\"8.7.6.5 - zorp\", r'^(?P<host>[\\w\\.]+) - (?P<user>[\\w]+)', numeric_groups: true)",
      result: { '0': '8.7.6.5 - zorp', '1': '8.7.6.5', '2': 'zorp', host: '8.7.6.5', user: 'zorp' },
    },
    { title: 'No match', source: "parse_regex!(\"abc\", r'(?P<d>\\d+)')", result: { error: 'could not find any pattern matches' } },
  ],
  call(args) {
    const value = str(args, 'value');
    const re = regex(args, 'pattern');
    const m = re.re.matcher(value);
    if (!m.find()) throw new VrlFunctionError('could not find any pattern matches');
    return captureObject(m, re, bool(args, 'numeric_groups', false));
  },
});
