import type { VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { optInt, regex, str } from './support/args.js';
import { needClosure } from './support/closure.js';
import { describeKind, type VrlObject } from './support/kind.js';
import { groupNames, matches } from './support/regex.js';

export const replace_with = defineVrlFunction({
  name: 'replace_with',
  summary:
    'Replaces the matches of the regex `pattern` in `value` with what the closure `|match|` returns; `match` holds `string` (the matched text), `captures` (the groups, null when unmatched) and each named group. At most `count` matches are replaced (default all).',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'pattern', kinds: ['regex'], required: true },
    { name: 'count', kinds: ['integer'], required: false, default: -1 },
  ],
  returns: ['bytes'],
  fallible: false,
  closure: { params: ['match'] },
  examples: [
    { title: 'Double replacement', source: "replace_with(\"foobar\", r'o|a') -> |m| { string!(m.string) + string!(m.string) }", result: 'foooobaar' },
    { title: 'Replace count', source: "replace_with(\"foobar\", r'o|a', count: 1) -> |m| { string!(m.string) + string!(m.string) }", result: 'fooobar' },
    { title: 'Optional capture group', source: "replace_with(\"foobar\", r'bar( of gold)?') -> |m| { if m.captures[1] == null { \"baz\" } else { \"rich\" } }", result: 'foobaz' },
    { title: 'Named capture group', source: "replace_with(\"foo123bar\", r'foo(?P<num>\\d+)bar') -> |m| { x = to_int!(m.num); to_string(x + 1) }", result: '124' },
  ],
  call(args, _ctx, _compiled, closure) {
    const f = needClosure('replace_with', closure);
    const value = str(args, 'value');
    const re = regex(args, 'pattern');
    const count = optInt(args, 'count') ?? -1;
    if (count === 0) return value;
    const names = groupNames(re);
    for (const name of names.values()) {
      if (name === 'string' || name === 'captures') throw new VrlFunctionError('Capture group cannot be named "string" or "captures"');
    }
    let out = '';
    let last = 0;
    let done = 0;
    for (const m of matches(re, value)) {
      const captures: VrlValue[] = [];
      const match: VrlObject = { string: m.group(0) ?? '' };
      for (let i = 1; i <= m.groupCount(); i++) {
        const g = m.group(i);
        captures.push(g);
        const name = names.get(i);
        if (name !== undefined) match[name] = g;
      }
      match['captures'] = captures;
      const replacement = f(match);
      if (typeof replacement !== 'string') throw new VrlFunctionError(`replace_with closure must return a string, got ${describeKind(replacement)}`);
      out += value.slice(last, m.start()) + replacement;
      last = m.end();
      if (++done === count) break;
    }
    return out + value.slice(last);
  },
});
