import { arithmetic } from '../expr/binary.js';
import { mapRows, type Compiled } from '../expr/compiled.js';
import { castTo } from '../expr/coerce.js';
import { parseIntervalText } from '../types/interval-text.js';
import { Interval, isTimestampType } from '../types/sql-value.js';
import { argError, type ScalarFunction } from './function.js';

/** An interval argument: an INTERVAL, or text such as `'5 day'` / `'3 month 5 day'`. */
function intervalArg(fn: string, c: Compiled): Compiled {
  if (c.type === 'interval' || c.type === 'null') return c;
  if (c.type !== 'string') throw argError(fn, `the second argument must be an interval or interval text, got ${c.type}`);
  return mapRows('interval', [c], (v) => {
    const { months, ns } = parseIntervalText(String(v));
    return new Interval(ns, months);
  });
}

/** `date_add(ts | date, interval)` / `date_sub(...)`: the timestamp or date moved by the interval (calendar months first). */
function dateShift(name: string, op: '+' | '-'): ScalarFunction {
  return {
    name, signature: `${name}(ts | date, interval | 'text')`, minArgs: 2, maxArgs: 2,
    bind: ([t, iv]) => {
      const base = t!.type === 'string' ? castTo(t!, 'timestamp_ms') : t!;
      if (!isTimestampType(base.type) && base.type !== 'date' && base.type !== 'null') throw argError(name, `the first argument must be a timestamp or a date, got ${t!.type}`);
      return arithmetic(op, base, intervalArg(name, iv!));
    },
  };
}

export const DATE_ADD_FUNCTIONS: readonly ScalarFunction[] = [dateShift('date_add', '+'), dateShift('date_sub', '-')];
