import { constant, mapRows, type Compiled } from '../expr/compiled.js';
import { castTo } from '../expr/coerce.js';
import type { SqlValue } from '../types/sql-value.js';
import { argError, expectNumeric, type ScalarFunction } from './function.js';

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
  bind: (args) => mapRows('string', str(args), (...v) => v.filter((x) => x !== null).join(''), true),
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
    const cache = new Map<string, RegExp>();
    return mapRows('json', str(args), (s, p, flags) => {
      const key = `${p as string}\u0000${(flags as string | undefined) ?? ''}`;
      let re = cache.get(key);
      if (!re) {
        try {
          re = new RegExp(p as string, ((flags as string | undefined) ?? '').replace('g', ''));
        } catch (e) {
          throw argError('regexp_match', `invalid regular expression '${p as string}': ${(e as Error).message}`);
        }
        cache.set(key, re);
      }
      const m = re.exec(s as string);
      if (!m) return null;
      return m.length > 1 ? m.slice(1).map((x) => x ?? null) : [m[0]];
    });
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

export const STRING_FUNCTIONS: readonly ScalarFunction[] = [
  simple('lower', 'lower(s)', 1, 1, 'string', (s) => (s as string).toLowerCase()),
  simple('upper', 'upper(s)', 1, 1, 'string', (s) => (s as string).toUpperCase()),
  simple('length', 'length(s)', 1, 1, 'int64', (s) => chars(s as string).length),
  simple('char_length', 'char_length(s)', 1, 1, 'int64', (s) => chars(s as string).length),
  simple('character_length', 'character_length(s)', 1, 1, 'int64', (s) => chars(s as string).length),
  simple('octet_length', 'octet_length(s)', 1, 1, 'int64', (s) => new TextEncoder().encode(s as string).length),
  substr,
  { ...substr, name: 'substring', signature: 'substring(s, start[, length])' },
  concat,
  simple('replace', 'replace(s, from, to)', 3, 3, 'string', (s, a, b) => (s as string).split(a as string).join(b as string)),
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
    bind: ([s, n]) => {
      expectNumeric('repeat', n!.type, 'n');
      return mapRows('string', [castTo(s!, 'string'), n!], (a, k) => {
        const times = Math.max(0, Math.trunc(Number(k)));
        if ((a as string).length * times > 16 * 1024 * 1024) throw argError('repeat', `result would exceed 16 MiB (${(a as string).length} × ${times} characters)`);
        return (a as string).repeat(times);
      });
    },
  },
  {
    name: 'to_string', signature: 'to_string(x)', minArgs: 1, maxArgs: 1,
    bind: ([x]) => (x!.type === 'null' ? constant(null, 'string') : castTo(x!, 'string')),
  },
];
