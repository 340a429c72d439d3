import { defineVrlFunction } from './function.js';
import { regex, str } from './support/args.js';

export const match = defineVrlFunction({
  name: 'match',
  summary: 'Does the regex `pattern` match anywhere in `value`? (Anchor it with `^...$` to match the whole string.)',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'pattern', kinds: ['regex'], required: true },
  ],
  returns: ['boolean'],
  fallible: false,
  examples: [
    { title: 'Regex match on a string', source: "match(\"I'm a little teapot\", r'teapot')", result: true },
    { title: 'String does not match the regular expression', source: "match(\"I'm a little teapot\", r'.*balloon')", result: false },
  ],
  call: (args) => regex(args, 'pattern').re.matcher(str(args, 'value')).find(),
});
