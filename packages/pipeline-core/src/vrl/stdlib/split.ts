import { checkValueSize, DEFAULT_MAX_VALUE_SIZE } from '../limits.js';
import { defineVrlFunction } from './function.js';
import { optInt, str } from './support/args.js';
import { isRegex, matches } from './support/regex.js';

export const split = defineVrlFunction({
  name: 'split',
  summary:
    'Splits `value` on `pattern` (a string or a regex). With `limit`, returns at most `limit` parts, the last holding the rest.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'pattern', kinds: ['bytes', 'regex'], required: true },
    { name: 'limit', kinds: ['integer'], required: false },
  ],
  returns: ['array'],
  fallible: false,
  examples: [
    { title: 'Split a string (no limit)', source: 'split("apples and pears and bananas", " and ")', result: ['apples', 'pears', 'bananas'] },
    { title: 'Split a string (with a limit)', source: 'split("apples and pears and bananas", " and ", limit: 2)', result: ['apples', 'pears and bananas'] },
    { title: 'Split regex', source: "split(\"barbaz\", r'ba')", result: ['', 'r', 'z'] },
  ],
  call(args, ctx) {
    const value = str(args, 'value');
    const limit = optInt(args, 'limit');
    if (limit !== undefined && limit <= 0) return [];
    const pattern = args['pattern'];
    const parts: string[] = [];
    let last = 0;
    if (isRegex(pattern)) {
      for (const m of matches(pattern, value)) {
        if (limit !== undefined && parts.length === limit - 1) break;
        parts.push(value.slice(last, m.start()));
        last = m.end();
      }
      parts.push(value.slice(last));
      return parts;
    }
    const sep = str(args, 'pattern');
    if (sep === '') {
      checkValueSize('split(…, "")', value.length + 2, ctx.maxValueSize);
      const chars = ['', ...Array.from(value), ''];
      return limit === undefined || chars.length <= limit ? chars : [...chars.slice(0, limit - 1), chars.slice(limit - 1).join('')];
    }
    for (;;) {
      if (limit !== undefined && parts.length === limit - 1) break;
      const at = value.indexOf(sep, last);
      if (at < 0) break;
      parts.push(value.slice(last, at));
      last = at + sep.length;
      if (parts.length > (ctx.maxValueSize ?? DEFAULT_MAX_VALUE_SIZE)) checkValueSize('split()', parts.length, ctx.maxValueSize);
    }
    parts.push(value.slice(last));
    return parts;
  },
});
