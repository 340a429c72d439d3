import { mapRows } from '../expr/compiled.js';
import { castTo } from '../expr/coerce.js';
import { regexCache } from '../expr/regex.js';
import { builtValue, expectNumeric, type ScalarFunction } from './function.js';

/** MySQL's `insert(s, pos, len, new)`: `len` characters from `pos` (1-based) replaced; `pos` out of range leaves `s`. */
const insert: ScalarFunction = {
  name: 'insert', signature: 'insert(s, position, length, new)', minArgs: 4, maxArgs: 4,
  bind: ([s, p, n, r], ctx) => {
    expectNumeric('insert', p!.type, 'position');
    expectNumeric('insert', n!.type, 'length');
    return mapRows('string', [castTo(s!, 'string'), p!, n!, castTo(r!, 'string')], (a, pos, len, b) => {
      const cs = Array.from(a as string);
      const at = Number(pos);
      if (at < 1 || at > cs.length) return a;
      const count = Math.max(0, Math.min(Number(len), cs.length - at + 1));
      builtValue(ctx, 'insert', cs.length - count + (b as string).length);
      return [...cs.slice(0, at - 1), b as string, ...cs.slice(at - 1 + count)].join('');
    });
  },
};

/** MySQL's `format(x, d)`: rounded to `d` decimals (half away from zero) with `,` between thousands. */
const format: ScalarFunction = {
  name: 'format', signature: 'format(x, decimals)', minArgs: 2, maxArgs: 2,
  bind: ([x, d]) => {
    expectNumeric('format', x!.type, 'x');
    expectNumeric('format', d!.type, 'decimals');
    return mapRows('string', [x!, d!], (v, k) => {
      const digits = Math.min(30, Math.max(0, Math.trunc(Number(k))));
      const n = Number(v);
      if (!Number.isFinite(n)) return String(n);
      const scaled = Math.round(Math.abs(n) * 10 ** digits) / 10 ** digits;
      const [int, frac] = scaled.toFixed(digits).split('.');
      const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
      return `${n < 0 && scaled !== 0 ? '-' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
    });
  },
};

/** `regexp_extract(s, pattern)`: the first match of the pattern (RE2 syntax), NULL when none. */
const regexpExtract: ScalarFunction = {
  name: 'regexp_extract', signature: 'regexp_extract(s, pattern)', minArgs: 2, maxArgs: 2,
  bind: (args) => {
    const get = regexCache('regexp_extract');
    return mapRows('string', args.map((a) => castTo(a, 'string')), (s, p) => {
      const m = get(p as string).matcher(s as string);
      return m.find() ? m.group(0) : null;
    });
  },
};

export const MYSQL_STRING_FUNCTIONS: readonly ScalarFunction[] = [insert, format, regexpExtract];
