import type { VrlValue } from '../../value.js';
import { VrlFunctionError, type VrlArgs, type VrlFunction, type VrlParam } from '../function.js';
import { arr, oneOf, str } from './args.js';

/**
 * Word splitting and joining as VRL's casing functions do it (the `convert_case` crate): words end at
 * `_`, `-` and spaces and at case/digit boundaries; `original_case` limits the split to that case's
 * boundaries; `excluded_boundaries` turns some off.
 */
export const BOUNDARIES = ['lower_upper', 'upper_lower', 'acronym', 'lower_digit', 'upper_digit', 'digit_lower', 'digit_upper'] as const;
type Boundary = (typeof BOUNDARIES)[number];
export const CASES = ['camelCase', 'PascalCase', 'SCREAMING_SNAKE', 'snake_case', 'kebab-case'] as const;
export type CaseName = (typeof CASES)[number];

const DEFAULT_BOUNDARIES: ReadonlySet<Boundary> = new Set(['lower_upper', 'acronym', 'lower_digit', 'upper_digit', 'digit_lower', 'digit_upper']);
const DELIMITERS: Readonly<Record<CaseName | 'any', string>> = {
  any: '_- ',
  camelCase: '',
  PascalCase: '',
  SCREAMING_SNAKE: '_',
  snake_case: '_',
  'kebab-case': '-',
};

const isLower = (c: string) => c !== c.toUpperCase() && c === c.toLowerCase();
const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();
const isDigit = (c: string) => c >= '0' && c <= '9';

function boundaryBetween(a: string, b: string, c: string | undefined, on: ReadonlySet<Boundary>): boolean {
  return (
    (on.has('lower_upper') && isLower(a) && isUpper(b)) ||
    (on.has('upper_lower') && isUpper(a) && isLower(b)) ||
    (on.has('acronym') && isUpper(a) && isUpper(b) && c !== undefined && isLower(c)) ||
    (on.has('lower_digit') && isLower(a) && isDigit(b)) ||
    (on.has('upper_digit') && isUpper(a) && isDigit(b)) ||
    (on.has('digit_lower') && isDigit(a) && isLower(b)) ||
    (on.has('digit_upper') && isDigit(a) && isUpper(b))
  );
}

export function splitWords(text: string, from: CaseName | undefined, excluded: ReadonlySet<string>): string[] {
  const delimiters = DELIMITERS[from ?? 'any'];
  const caseSplits = from === undefined || from === 'camelCase' || from === 'PascalCase';
  const on = new Set([...DEFAULT_BOUNDARIES].filter((b) => caseSplits && !excluded.has(b)));
  const chars = Array.from(text);
  const words: string[] = [];
  let word = '';
  chars.forEach((ch, i) => {
    if (delimiters.includes(ch)) {
      if (word !== '') words.push(word);
      word = '';
      return;
    }
    word += ch;
    const next = chars[i + 1];
    if (next !== undefined && !delimiters.includes(next) && boundaryBetween(ch, next, chars[i + 2], on)) {
      words.push(word);
      word = '';
    }
  });
  if (word !== '') words.push(word);
  return words;
}

const capitalize = (w: string) => {
  const [first = '', ...rest] = Array.from(w);
  return first.toUpperCase() + rest.join('').toLowerCase();
};

export function joinWords(words: readonly string[], to: CaseName): string {
  switch (to) {
    case 'camelCase':
      return words.map((w, i) => (i === 0 ? w.toLowerCase() : capitalize(w))).join('');
    case 'PascalCase':
      return words.map(capitalize).join('');
    case 'SCREAMING_SNAKE':
      return words.map((w) => w.toUpperCase()).join('_');
    case 'snake_case':
      return words.map((w) => w.toLowerCase()).join('_');
    case 'kebab-case':
      return words.map((w) => w.toLowerCase()).join('-');
  }
}

export const CASING_PARAMS: readonly VrlParam[] = [
  { name: 'value', kinds: ['bytes'], required: true },
  { name: 'original_case', kinds: ['bytes'], required: false },
  { name: 'excluded_boundaries', kinds: ['array'], required: false },
];

function excludedOf(args: VrlArgs): Set<string> {
  if (args['excluded_boundaries'] === undefined || args['excluded_boundaries'] === null) return new Set();
  const out = new Set<string>();
  for (const b of arr(args, 'excluded_boundaries')) {
    if (typeof b !== 'string' || !(BOUNDARIES as readonly string[]).includes(b)) {
      throw new VrlFunctionError(`boundary must match one of: ${BOUNDARIES.join(', ')}`);
    }
    out.add(b);
  }
  return out;
}

/** The shared body of camelcase, pascalcase, snakecase, screamingsnakecase and kebabcase. */
export function casingCall(to: CaseName): VrlFunction['call'] {
  return (args): VrlValue => {
    const from = args['original_case'] === undefined || args['original_case'] === null ? undefined : oneOf(args, 'original_case', CASES, 'snake_case');
    return joinWords(splitWords(str(args, 'value'), from, excludedOf(args)), to);
  };
}

/** Checks literal `original_case` and `excluded_boundaries` once, at compile time. */
export function casingCompile(staticArgs: VrlArgs): undefined {
  if (typeof staticArgs['original_case'] === 'string') oneOf(staticArgs, 'original_case', CASES, 'snake_case');
  if (Array.isArray(staticArgs['excluded_boundaries'])) excludedOf(staticArgs);
  return undefined;
}
