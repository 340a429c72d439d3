import { defineVrlFunction, VrlFunctionError } from './function.js';
import { bool, int, optStr, str } from './support/args.js';

export const truncate = defineVrlFunction({
  name: 'truncate',
  summary:
    'Truncates `value` to its first `limit` characters; when it was cut, appends `suffix` (or `...` when the deprecated `ellipsis` is true).',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'limit', kinds: ['integer', 'float'], required: true },
    { name: 'ellipsis', kinds: ['boolean'], required: false, default: false },
    { name: 'suffix', kinds: ['bytes'], required: false },
  ],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Truncate a string', source: 'truncate("A rather long sentence.", limit: 11, suffix: "...")', result: 'A rather lo...' },
    {
      title: 'Truncate a string (custom suffix)',
      source: 'truncate("A rather long sentence.", limit: 11, suffix: "[TRUNCATED]")',
      result: 'A rather lo[TRUNCATED]',
    },
    { title: 'Short strings are kept', source: 'truncate("short", limit: 10, suffix: "...")', result: 'short' },
  ],
  call(args) {
    const value = str(args, 'value');
    const rawLimit = args['limit'];
    const limit = typeof rawLimit === 'number' ? Math.trunc(rawLimit) : int(args, 'limit');
    if (limit < 0) throw new VrlFunctionError(`limit must be non-negative, got ${limit}`);
    const suffix = optStr(args, 'suffix') ?? (bool(args, 'ellipsis', false) ? '...' : '');
    const cps = Array.from(value);
    if (cps.length <= limit) return value;
    return cps.slice(0, limit).join('') + suffix;
  },
});
