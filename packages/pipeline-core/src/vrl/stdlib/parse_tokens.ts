import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';

/** Whitespace-separated tokens; `"..."` and `[...]` group (without their delimiters); `-` is null. */
function tokenize(s: string): VrlValue[] {
  const out: VrlValue[] = [];
  let i = 0;
  while (i < s.length) {
    while (i < s.length && /\s/.test(s[i]!)) i++;
    if (i >= s.length) break;
    let token: string;
    if (s[i] === '"') {
      let j = i + 1;
      while (j < s.length && s[j] !== '"') j += s[j] === '\\' ? 2 : 1;
      token = s.slice(i + 1, Math.min(j, s.length));
      i = j + 1;
    } else if (s[i] === '[') {
      const j = s.indexOf(']', i + 1);
      token = s.slice(i + 1, j < 0 ? s.length : j);
      i = j < 0 ? s.length : j + 1;
    } else {
      const start = i;
      while (i < s.length && !/\s/.test(s[i]!)) i++;
      token = s.slice(start, i);
    }
    out.push(token === '-' ? null : token);
  }
  return out;
}

export const parse_tokens = defineVrlFunction({
  name: 'parse_tokens',
  summary: 'Splits `value` into whitespace-separated tokens; text in double quotes or square brackets is one token (without the delimiters), and `-` becomes null.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['array'],
  fallible: true,
  examples: [
    {
      title: 'Parse tokens',
      source: 'parse_tokens!("A sentence \\"with \\\\\\"a\\\\\\" sentence inside\\" and [some brackets]")',
      result: ['A', 'sentence', 'with \\"a\\" sentence inside', 'and', 'some brackets'],
    },
    { title: 'Dash is null', source: 'parse_tokens!("127.0.0.1 - frank")', result: ['127.0.0.1', null, 'frank'] },
  ],
  call: (args) => tokenize(str(args, 'value')),
});
