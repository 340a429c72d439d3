import { mapRows, type Compiled } from '../expr/compiled.js';
import { castTo } from '../expr/coerce.js';
import type { SqlValue } from '../types/sql-value.js';
import { argError, expectNumeric, type ScalarFunction } from './function.js';

const str = (args: readonly Compiled[]) => args.map((a) => castTo(a, 'string'));
const chars = (s: string) => Array.from(s);
/** 1-based position of `sub` in `s` counted in characters, 0 when absent. */
const charPos = (s: string, sub: string, from = 0): number => {
  const cs = chars(s);
  const i = cs.slice(from).join('').indexOf(sub);
  return i < 0 ? 0 : from + chars(cs.slice(from).join('').slice(0, i)).length + 1;
};

function fn(name: string, signature: string, min: number, max: number, type: 'string' | 'int64' | 'boolean', f: (...v: SqlValue[]) => SqlValue, nullSafe = false): ScalarFunction {
  return { name, signature, minArgs: min, maxArgs: max, bind: (args) => mapRows(type, str(args), f, nullSafe) };
}

/** `concat_ws(sep, s, ...)`: NULL separator gives NULL; NULL values are skipped. */
const concatWs: ScalarFunction = {
  name: 'concat_ws', signature: 'concat_ws(separator, s, ...)', minArgs: 2, maxArgs: Infinity,
  bind: (args) => mapRows('string', str(args), (sep, ...v) => (sep === null ? null : v.filter((x) => x !== null).join(sep as string)), true),
};

/** MySQL's `locate(substr, s[, pos])`: 1-based, 0 when absent. */
const locate: ScalarFunction = {
  name: 'locate', signature: 'locate(substring, s[, position])', minArgs: 2, maxArgs: 3,
  bind: (args) =>
    mapRows('int64', [castTo(args[0]!, 'string'), castTo(args[1]!, 'string'), ...args.slice(2)], (sub, s, pos) => {
      const from = pos === undefined ? 0 : Number(pos) - 1;
      if (from < 0) return 0;
      return charPos(s as string, sub as string, from);
    }),
};

/** `elt(n, s1, s2, ...)`: the n-th string, NULL when out of range. */
const elt: ScalarFunction = {
  name: 'elt', signature: 'elt(n, s1, s2, ...)', minArgs: 2, maxArgs: Infinity,
  bind: ([n, ...rest]) => {
    expectNumeric('elt', n!.type, 'n');
    return mapRows('string', [n!, ...str(rest)], (k, ...v) => (k === null ? null : v[Number(k) - 1] ?? null), true);
  },
};

/** `field(s, s1, s2, ...)`: the 1-based index of s among the rest, 0 when absent or NULL. */
const field: ScalarFunction = {
  name: 'field', signature: 'field(s, s1, s2, ...)', minArgs: 2, maxArgs: Infinity,
  bind: (args) => mapRows('int64', str(args), (s, ...v) => (s === null ? 0 : v.indexOf(s) + 1), true),
};

const space: ScalarFunction = {
  name: 'space', signature: 'space(n)', minArgs: 1, maxArgs: 1,
  bind: ([n]) => {
    expectNumeric('space', n!.type, 'n');
    return mapRows('string', [n!], (k) => {
      const c = Number(k);
      if (c > 1_048_576) throw argError('space', `result of ${c} characters is too long`);
      return ' '.repeat(Math.max(0, c));
    });
  },
};

const ascii: ScalarFunction = fn('ascii', 'ascii(s)', 1, 1, 'int64', (s) => (s as string).codePointAt(0) ?? 0);
const chr: ScalarFunction = {
  name: 'chr', signature: 'chr(code)', minArgs: 1, maxArgs: 1,
  bind: ([n]) => {
    expectNumeric('chr', n!.type);
    return mapRows('string', [n!], (c) => {
      const k = Number(c);
      if (k === 0) throw argError('chr', 'null character not permitted.');
      if (!Number.isInteger(k) || k < 0 || k > 0x10ffff) throw argError('chr', `requested character too large for encoding.`);
      return String.fromCodePoint(k);
    });
  },
};

/** `translate(s, from, to)`: maps each character of `from` to the one at the same place in `to` (or drops it). */
const translate: ScalarFunction = fn('translate', 'translate(s, from, to)', 3, 3, 'string', (s, a, b) => {
  const from = chars(a as string);
  const to = chars(b as string);
  return chars(s as string)
    .map((c) => {
      const i = from.indexOf(c);
      return i < 0 ? c : (to[i] ?? '');
    })
    .join('');
});

function levenshtein(a: string, b: string): number {
  const x = chars(a);
  const y = chars(b);
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[y.length]!;
}

/** `substring_index(s, delim, count)`: before the count-th delimiter (from the right when negative). */
const substringIndex = fn('substring_index', 'substring_index(s, delimiter, count)', 3, 3, 'string', (s, d, n) => {
  const parts = (s as string).split(d as string);
  const k = Number(n);
  if (k === 0 || d === '') return '';
  return k > 0 ? parts.slice(0, k).join(d as string) : parts.slice(k).join(d as string);
});

const findInSet = fn('find_in_set', 'find_in_set(s, list)', 2, 2, 'int64', (s, list) => (list as string).split(',').indexOf(s as string) + 1);

const toHex: ScalarFunction = {
  name: 'to_hex', signature: 'to_hex(n)', minArgs: 1, maxArgs: 1,
  bind: ([n]) => {
    expectNumeric('to_hex', n!.type);
    return mapRows('string', [n!], (v) => {
      const b = typeof v === 'bigint' ? v : BigInt(Math.trunc(Number(v)));
      return (b < 0n ? (1n << 64n) + b : b).toString(16);
    });
  },
};

/** `encode(s, 'base64' | 'hex')` and `decode(s, 'base64' | 'hex')`. */
const encode: ScalarFunction = {
  name: 'encode', signature: "encode(s, 'base64' | 'hex')", minArgs: 2, maxArgs: 2,
  bind: ([s, f]) =>
    mapRows('string', [s!.type === 'binary' ? s! : castTo(s!, 'string'), castTo(f!, 'string')], (v, fmt) => {
      const buf = Buffer.from(v instanceof Uint8Array ? v : new TextEncoder().encode(v as string));
      const k = String(fmt).toLowerCase();
      if (k !== 'base64' && k !== 'hex') throw argError('encode', `unsupported encoding '${String(fmt)}', expected base64 or hex`);
      return k === 'hex' ? buf.toString('hex') : buf.toString('base64').replace(/=+$/, '');
    }),
};
const decode: ScalarFunction = {
  name: 'decode', signature: "decode(s, 'base64' | 'hex')", minArgs: 2, maxArgs: 2,
  bind: ([s, f]) =>
    mapRows('binary', [castTo(s!, 'string'), castTo(f!, 'string')], (v, fmt) => {
      const k = String(fmt).toLowerCase();
      if (k !== 'base64' && k !== 'hex') throw argError('decode', `unsupported encoding '${String(fmt)}', expected base64 or hex`);
      return new Uint8Array(Buffer.from(v as string, k));
    }),
};

/** `string_to_array(s, delimiter[, null_string])`: a list of the parts. */
const stringToArray: ScalarFunction = {
  name: 'string_to_array', signature: 'string_to_array(s, delimiter[, null_string])', minArgs: 2, maxArgs: 3,
  bind: (args) =>
    mapRows('json', str(args), (s, d, nul) => {
      if (s === null) return null;
      const text = s as string;
      const parts = d === null ? chars(text) : d === '' ? [text] : text.split(d as string);
      return text === '' ? [] : parts.map((p) => (nul !== undefined && nul !== null && p === nul ? null : p));
    }, true),
};

export const STRING_EXTRA_FUNCTIONS: readonly ScalarFunction[] = [
  concatWs, locate, elt, field, space, ascii, chr, translate, substringIndex, findInSet, toHex, encode, decode, stringToArray,
  { ...locate, name: 'instr', signature: 'instr(s, substring)', minArgs: 2, maxArgs: 2, bind: ([s, sub]) => locate.bind([sub!, s!], {} as never) },
  { ...locate, name: 'position', signature: 'position(substring IN s)', minArgs: 2, maxArgs: 2 },
  fn('ucase', 'ucase(s)', 1, 1, 'string', (s) => (s as string).toUpperCase()),
  fn('lcase', 'lcase(s)', 1, 1, 'string', (s) => (s as string).toLowerCase()),
  fn('bit_length', 'bit_length(s)', 1, 1, 'int64', (s) => new TextEncoder().encode(s as string).length * 8),
  fn('levenshtein', 'levenshtein(a, b)', 2, 2, 'int64', (a, b) => levenshtein(a as string, b as string)),
  { name: 'uuid', signature: 'uuid()', minArgs: 0, maxArgs: 0, bind: () => ({ type: 'string', eval: (b) => Array.from({ length: b.length }, () => crypto.randomUUID()) }) },
];
