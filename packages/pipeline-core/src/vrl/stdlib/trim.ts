import { defineVrlFunction } from './function.js';
import { optStr, str } from './support/args.js';

/** Not in VRL (which has `strip_whitespace`): a Sluice addition that can also strip given characters. */
export const trim = defineVrlFunction({
  name: 'trim',
  summary:
    'Sluice addition (not in VRL): strips whitespace, or every character listed in `characters`, from both ends of `value`.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'characters', kinds: ['bytes'], required: false },
  ],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Trim whitespace', source: 'trim("  padded \\n")', result: 'padded' },
    { title: 'Trim given characters', source: 'trim("--==title==--", characters: "-=")', result: 'title' },
  ],
  call(args) {
    const value = str(args, 'value');
    const chars = optStr(args, 'characters');
    if (chars === undefined) return value.trim();
    const set = new Set(Array.from(chars));
    const cps = Array.from(value);
    let start = 0;
    let end = cps.length;
    while (start < end && set.has(cps[start]!)) start++;
    while (end > start && set.has(cps[end - 1]!)) end--;
    return cps.slice(start, end).join('');
  },
});
