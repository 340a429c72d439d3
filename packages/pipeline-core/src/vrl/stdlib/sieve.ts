import { defineVrlFunction } from './function.js';
import { optStr, str } from './support/args.js';
import { isRegex } from './support/regex.js';

export const sieve = defineVrlFunction({
  name: 'sieve',
  summary:
    'Keeps only the characters of `value` allowed by `permitted_characters` (a regex each character is tested against, or a string listing them); a single dropped character becomes `replace_single`, a run of them `replace_repeated`.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'permitted_characters', kinds: ['regex', 'bytes'], required: true },
    { name: 'replace_single', kinds: ['bytes'], required: false, default: '' },
    { name: 'replace_repeated', kinds: ['bytes'], required: false, default: '' },
  ],
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'Sieve with regex', source: "sieve(\"test123%456.فوائد.net.\", r'[a-z0-9.]')", result: 'test123456..net.' },
    {
      title: 'Custom replacements',
      source: "sieve(\"test123%456.فوائد.net.\", r'[a-z.0-9]', replace_single: \"X\", replace_repeated: \"<REMOVED>\")",
      result: 'test123X456.<REMOVED>.net.',
    },
    { title: 'Permitted characters as a string', source: 'sieve("a-b_c d", "abcd")', result: 'abcd' },
  ],
  call(args) {
    const value = str(args, 'value');
    const p = args['permitted_characters'];
    const allowed = isRegex(p) ? (c: string) => p.re.matcher(c).find() : ((set: Set<string>) => (c: string) => set.has(c))(new Set(Array.from(str(args, 'permitted_characters'))));
    const single = optStr(args, 'replace_single') ?? '';
    const repeated = optStr(args, 'replace_repeated') ?? '';
    let out = '';
    let dropped = 0;
    const flush = (): void => {
      if (dropped === 1) out += single;
      else if (dropped > 1) out += repeated;
      dropped = 0;
    };
    for (const c of value) {
      if (allowed(c)) {
        flush();
        out += c;
      } else dropped++;
    }
    flush();
    return out;
  },
});
