import { constant, mapRows, type Compiled } from '../expr/compiled.js';
import { castTo } from '../expr/coerce.js';
import type { SqlValue } from '../types/sql-value.js';
import { argError, builtValue, expectNumeric, type ScalarFunction } from './function.js';
import { firstMatchGroups, regexCache, replaceMatches } from '../expr/regex.js';
import type { EvalContext } from '../expr/relation.js';

/** Counts a string about to be built (or built so far) against max_value_size and the batch's memory. */
function checkBuilt(ctx: EvalContext, fn: string, chars: number): void {
  builtValue(ctx, fn, chars);
}

function str(args: readonly Compiled[]): Compiled[] {
  return args.map((a) => castTo(a, 'string'));
}

function simple(name: string, signature: string, min: number, max: number, type: 'string' | 'int64' | 'boolean', f: (...v: SqlValue[]) => SqlValue, cast: 'all' | 'first' = 'all'): ScalarFunction {
  return {
    name, signature, minArgs: min, maxArgs: max,
    bind: (args) => mapRows(type, cast === 'all' ? str(args) : [castTo(args[0]!, 'string'), ...args.slice(1)], f),
  };
}

const chars = (s: string) => Array.from(s);

const substr: ScalarFunction = {
  name: 'substr', signature: 'substr(s, start[, length])', minArgs: 2, maxArgs: 3,
  bind: (args) => {
    for (const a of args.slice(1)) expectNumeric('substr', a.type);
    return mapRows('string', [castTo(args[0]!, 'string'), ...args.slice(1)], (s, start, len) => {
      const cs = chars(s as string);
      const from = Number(start) - 1;
      const end = len === undefined ? cs.length : from + Number(len);
      if (len !== undefined && Number(len) < 0) throw argError('substr', 'negative substring length not allowed');
      return cs.slice(Math.max(0, from), Math.max(0, end)).join('');
    });
  },
};

const concat: ScalarFunction = {
  name: 'concat', signature: 'concat(s, ...)', minArgs: 1, maxArgs: Infinity,
  // NULL arguments are skipped (as in PostgreSQL and DataFusion).
  bind: (args, ctx) =>
    mapRows('string', str(args), (...v) => {
      const out = v.filter((x) => x !== null).join('');
      builtValue(ctx, 'concat', out.length);
      return out;
    }, true),
};

const splitPart: ScalarFunction = {
  name: 'split_part', signature: 'split_part(s, delimiter, n)', minArgs: 3, maxArgs: 3,
  bind: ([s, d, n]) => {
    expectNumeric('split_part', n!.type, 'n');
    return mapRows('string', [castTo(s!, 'string'), castTo(d!, 'string'), n!], (a, b, k) => {
      const parts = (a as string).split(b as string);
      const i = Number(k);
      if (i === 0) throw argError('split_part', 'field position must not be zero');
      const idx = i > 0 ? i - 1 : parts.length + i;
      return parts[idx] ?? '';
    });
  },
};

const regexpMatch: ScalarFunction = {
  name: 'regexp_match', signature: 'regexp_match(s, pattern[, flags])', minArgs: 2, maxArgs: 3,
  bind: (args) => {
    const get = regexCache('regexp_match');
    return mapRows('json', str(args), (s, p, flags) => firstMatchGroups(get(p as string, (flags as string | undefined) ?? ''), s as string));
  },
};

function trimmer(name: string, mode: 'both' | 'start' | 'end'): ScalarFunction {
  return {
    name, signature: `${name}(s[, characters])`, minArgs: 1, maxArgs: 2,
    bind: (args) =>
      mapRows('string', str(args), (s, set) => {
        const t = s as string;
        if (set === undefined) return mode === 'both' ? t.trim() : mode === 'start' ? t.trimStart() : t.trimEnd();
        const cs = new Set(chars(set as string));
        let a = 0;
        let b = t.length;
        if (mode !== 'end') while (a < b && cs.has(t[a]!)) a++;
        if (mode !== 'start') while (b > a && cs.has(t[b - 1]!)) b--;
        return t.slice(a, b);
      }),
  };
}

const regexpReplace: ScalarFunction = {
  name: 'regexp_replace', signature: "regexp_replace(s, pattern, replacement[, flags])", minArgs: 3, maxArgs: 4,
  bind: (args, ctx) => {
    const get = regexCache('regexp_replace');
    // PostgreSQL replaces the first match unless flags contain 'g'; `\1` refers to a group.
    return mapRows('string', str(args), (s, p, r, flags) => {
      const f = (flags as string | undefined) ?? '';
      return replaceMatches(get(p as string, f), s as string, r as string, f.includes('g'), (n) => checkBuilt(ctx, 'regexp_replace', n));
    });
  },
};

const regexpLike: ScalarFunction = {
  name: 'regexp_like', signature: 'regexp_like(s, pattern[, flags])', minArgs: 2, maxArgs: 3,
  bind: (args) => {
    const get = regexCache('regexp_like');
    return mapRows('boolean', str(args), (s, p, flags) => get(p as string, (flags as string | undefined) ?? '').test(s as string));
  },
};

function side(name: 'left' | 'right'): ScalarFunction {
  return {
    name, signature: `${name}(s, n)`, minArgs: 2, maxArgs: 2,
    bind: ([s, n]) => {
      expectNumeric(name, n!.type, 'n');
      return mapRows('string', [castTo(s!, 'string'), n!], (a, k) => {
        const cs = chars(a as string);
        const m = Number(k);
        // Negative n: all but the last (left) or first (right) |n| characters.
        if (name === 'left') return (m >= 0 ? cs.slice(0, m) : cs.slice(0, Math.max(0, cs.length + m))).join('');
        return (m >= 0 ? cs.slice(Math.max(0, cs.length - m)) : cs.slice(Math.min(cs.length, -m))).join('');
      });
    },
  };
}

function pad(name: 'lpad' | 'rpad'): ScalarFunction {
  return {
    name, signature: `${name}(s, length[, fill])`, minArgs: 2, maxArgs: 3,
    bind: ([s, n, fill], ctx) => {
      expectNumeric(name, n!.type, 'length');
      const args = [castTo(s!, 'string'), n!, ...(fill ? [castTo(fill, 'string')] : [])];
      return mapRows('string', args, (a, k, f) => {
        const cs = chars(a as string);
        const len = Math.max(0, Math.trunc(Number(k)));
        builtValue(ctx, name, len);
        if (cs.length >= len) return cs.slice(0, len).join('');
        const fc = chars((f as string | undefined) ?? ' ');
        if (fc.length === 0) return cs.join('');
        const padding = Array.from({ length: len - cs.length }, (_, i) => fc[i % fc.length]).join('');
        return name === 'lpad' ? padding + cs.join('') : cs.join('') + padding;
      });
    },
  };
}

export const STRING_FUNCTIONS: readonly ScalarFunction[] = [
  regexpReplace, regexpLike, side('left'), side('right'), pad('lpad'), pad('rpad'),
  simple('contains', 'contains(s, substring)', 2, 2, 'boolean', (s, sub) => (s as string).includes(sub as string)),
  simple('initcap', 'initcap(s)', 1, 1, 'string', (s) => (s as string).toLowerCase().replace(/(^|[^\p{L}\p{N}])(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase())),
  simple('lower', 'lower(s)', 1, 1, 'string', (s) => (s as string).toLowerCase()),
  simple('upper', 'upper(s)', 1, 1, 'string', (s) => (s as string).toUpperCase()),
  simple('length', 'length(s)', 1, 1, 'int64', (s) => chars(s as string).length),
  simple('char_length', 'char_length(s)', 1, 1, 'int64', (s) => chars(s as string).length),
  simple('character_length', 'character_length(s)', 1, 1, 'int64', (s) => chars(s as string).length),
  simple('octet_length', 'octet_length(s)', 1, 1, 'int64', (s) => new TextEncoder().encode(s as string).length),
  substr,
  { ...substr, name: 'substring', signature: 'substring(s, start[, length])' },
  { ...substr, name: 'mid', signature: 'mid(s, start[, length])' },
  concat,
  {
    name: 'replace', signature: 'replace(s, from, to)', minArgs: 3, maxArgs: 3,
    bind: (args, ctx) =>
      mapRows('string', str(args), (s, a, b) => {
        const t = s as string;
        const from = a as string;
        const to = b as string;
        // The result length is known before it is built: (s - matches × from) + matches × to.
        const hits = from === '' ? [...t].length + 1 : t.split(from).length - 1;
        builtValue(ctx, 'replace', t.length + hits * (to.length - from.length));
        // An empty pattern matches at every character boundary, the ends included (Rust's str::replace).
        return from === '' ? to + [...t].join(to) + to : t.split(from).join(to);
      }),
  },
  trimmer('trim', 'both'),
  trimmer('btrim', 'both'),
  trimmer('ltrim', 'start'),
  trimmer('rtrim', 'end'),
  splitPart,
  regexpMatch,
  simple('strpos', 'strpos(s, substring)', 2, 2, 'int64', (s, sub) => chars((s as string).slice(0, Math.max(0, (s as string).indexOf(sub as string)))).length + ((s as string).includes(sub as string) ? 1 : 0)),
  simple('starts_with', 'starts_with(s, prefix)', 2, 2, 'boolean', (s, p) => (s as string).startsWith(p as string)),
  simple('ends_with', 'ends_with(s, suffix)', 2, 2, 'boolean', (s, p) => (s as string).endsWith(p as string)),
  simple('reverse', 'reverse(s)', 1, 1, 'string', (s) => chars(s as string).reverse().join('')),
  {
    name: 'repeat', signature: 'repeat(s, n)', minArgs: 2, maxArgs: 2,
    bind: ([s, n], ctx) => {
      expectNumeric('repeat', n!.type, 'n');
      return mapRows('string', [castTo(s!, 'string'), n!], (a, k) => {
        const times = Math.max(0, Math.trunc(Number(k)));
        builtValue(ctx, 'repeat', (a as string).length * times);
        return (a as string).repeat(times);
      });
    },
  },
  {
    name: 'to_string', signature: 'to_string(x)', minArgs: 1, maxArgs: 1,
    bind: ([x]) => (x!.type === 'null' ? constant(null, 'string') : castTo(x!, 'string')),
  },
];
