import { defineVrlFunction } from './function.js';
import { int, str } from './support/args.js';
import { expandReplacement, isRegex, matches, namesToIndex } from './support/regex.js';

export const replace = defineVrlFunction({
  name: 'replace',
  summary:
    'Replaces the matches of `pattern` (a string or a regex) in `value` with `with`, at most `count` times (-1: all). A regex replacement may use `$1`, `$name` and `${name}`.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'pattern', kinds: ['bytes', 'regex'], required: true },
    { name: 'with', kinds: ['bytes'], required: true },
    { name: 'count', kinds: ['integer'], required: false, default: -1 },
  ],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Replace literal text', source: 'replace("Apples and Bananas", "and", "not")', result: 'Apples not Bananas' },
    { title: 'Replace using regular expression', source: 'replace("Apples and Bananas", r\'(?i)bananas\', "Pineapples")', result: 'Apples and Pineapples' },
    { title: 'Replace first instance', source: 'replace("Bananas and Bananas", "Bananas", "Pineapples", count: 1)', result: 'Pineapples and Bananas' },
    { title: 'Replace with capture groups', source: 'replace("foo123bar", r\'foo(?P<num>\\d+)bar\', "$num")', result: '123' },
    { title: 'Replace all', source: 'replace("foobar", "o", "i")', result: 'fiibar' },
  ],
  call(args) {
    const value = str(args, 'value');
    const withText = str(args, 'with');
    const count = args['count'] === undefined || args['count'] === null ? -1 : int(args, 'count');
    if (count === 0) return value;
    const pattern = args['pattern'];
    if (isRegex(pattern)) {
      const names = namesToIndex(pattern);
      let out = '';
      let last = 0;
      let done = 0;
      for (const m of matches(pattern, value)) {
        out += value.slice(last, m.start()) + expandReplacement(withText, m, names);
        last = m.end();
        if (++done === count) break;
      }
      return out + value.slice(last);
    }
    const needle = str(args, 'pattern');
    if (needle === '') {
      // An empty pattern matches before every character and at the end, as in Rust.
      const chars = Array.from(value);
      const n = count < 0 ? chars.length + 1 : Math.min(count, chars.length + 1);
      let out = '';
      for (let i = 0; i < chars.length; i++) out += (i < n ? withText : '') + chars[i];
      return out + (chars.length < n ? withText : '');
    }
    if (count < 0) return value.split(needle).join(withText);
    let out = '';
    let pos = 0;
    for (let done = 0; done < count; done++) {
      const at = value.indexOf(needle, pos);
      if (at < 0) break;
      out += value.slice(pos, at) + withText;
      pos = at + needle.length;
    }
    return out + value.slice(pos);
  },
});
