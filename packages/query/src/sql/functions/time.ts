import { DateTime } from 'luxon';
import { constant, mapRows, type Compiled } from '../expr/compiled.js';
import { castTo } from '../expr/coerce.js';
import type { EvalContext } from '../expr/relation.js';
import { Interval, floorDiv, isNumericType, isTimestampType, nsPer, type SqlValue } from '../types/sql-value.js';
import { argError, constString, expectTimestamp, type ScalarFunction } from './function.js';

const NS = { second: 1_000_000_000n, minute: 60_000_000_000n, hour: 3_600_000_000_000n, day: 86_400_000_000_000n } as const;

/** A timestamp argument: timestamp columns as they are, strings parsed (in the session time zone). */
function tsArg(fn: string, c: Compiled, ctx: EvalContext): Compiled {
  if (c.type === 'string') return castTo(c, 'timestamp_ns', ctx.timezone);
  if (c.type === 'date') return castTo(c, 'timestamp_s');
  expectTimestamp(fn, c.type);
  return c;
}

const dateBin: ScalarFunction = {
  name: 'date_bin', signature: 'date_bin(interval, ts[, origin])', minArgs: 2, maxArgs: 3,
  bind: ([stride, ts0, origin0], ctx) => {
    if (stride!.type !== 'interval' || !stride!.constant) throw argError('date_bin', "the first argument must be an interval such as INTERVAL '1 minute'");
    const ts = tsArg('date_bin', ts0!, ctx);
    if (ts.type === 'null') return constant(null, 'timestamp_ms');
    const unit = nsPer(ts.type);
    if ((stride!.constant.value as Interval).months !== 0) throw argError('date_bin', 'month and year intervals are not supported as a stride');
    const strideNs = (stride!.constant.value as Interval).ns;
    if (strideNs <= 0n || strideNs % unit !== 0n) throw argError('date_bin', `interval ${(stride!.constant.value as Interval).toString()} is not a positive whole number of ${ts.type.slice(10)}`);
    const step = strideNs / unit;
    let originUnits = 0n;
    if (origin0) {
      const o = tsArg('date_bin', origin0, ctx);
      if (!o.constant || o.constant.value === null) throw argError('date_bin', 'origin must be a constant timestamp');
      originUnits = floorDiv((o.constant.value as bigint) * nsPer(o.type), unit);
    }
    return mapRows(ts.type, [ts], (v) => {
      const t = v as bigint;
      return originUnits + floorDiv(t - originUnits, step) * step;
    });
  },
};

const TRUNC_UNITS = ['nanosecond', 'microsecond', 'millisecond', 'second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
type TruncUnit = (typeof TRUNC_UNITS)[number];

function truncNs(ns: bigint, unit: TruncUnit, tz: string | undefined): bigint {
  switch (unit) {
    case 'nanosecond': return ns;
    case 'microsecond': return floorDiv(ns, 1000n) * 1000n;
    case 'millisecond': return floorDiv(ns, 1_000_000n) * 1_000_000n;
    case 'second': case 'minute':
      return floorDiv(ns, NS[unit]) * NS[unit];
    default: {
      if ((unit === 'hour' || unit === 'day') && (tz === undefined || tz === 'UTC')) return floorDiv(ns, NS[unit]) * NS[unit];
      const dt = DateTime.fromMillis(Number(floorDiv(ns, 1_000_000n)), { zone: tz ?? 'UTC' });
      const start = dt.startOf(unit === 'week' ? 'week' : unit);
      return BigInt(start.toMillis()) * 1_000_000n;
    }
  }
}

const dateTrunc: ScalarFunction = {
  name: 'date_trunc', signature: "date_trunc('unit', ts)", minArgs: 2, maxArgs: 2,
  bind: ([u, ts0], ctx) => {
    const unitText = constString('date_trunc', u!, 'unit').toLowerCase().replace(/s$/, '');
    const unit = TRUNC_UNITS.find((x) => x === unitText);
    if (!unit) throw argError('date_trunc', `unsupported unit '${unitText}' (use ${TRUNC_UNITS.join(', ')})`);
    const ts = tsArg('date_trunc', ts0!, ctx);
    if (ts.type === 'null') return constant(null, 'timestamp_ms');
    const per = nsPer(ts.type);
    return mapRows(ts.type, [ts], (v) => floorDiv(truncNs((v as bigint) * per, unit, ctx.timezone), per));
  },
};

const PART_FIELDS = ['year', 'quarter', 'month', 'week', 'day', 'dow', 'doy', 'hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond', 'epoch'] as const;

function part(ns: bigint, field: (typeof PART_FIELDS)[number], tz: string | undefined): number {
  const ms = Number(floorDiv(ns, 1_000_000n));
  const subSecNs = Number(((ns % 1_000_000_000n) + 1_000_000_000n) % 1_000_000_000n);
  if (field === 'epoch') return Number(ns) / 1e9;
  const dt = DateTime.fromMillis(ms, { zone: tz ?? 'UTC' });
  switch (field) {
    case 'year': return dt.year;
    case 'quarter': return dt.quarter;
    case 'month': return dt.month;
    case 'week': return dt.weekNumber;
    case 'day': return dt.day;
    case 'dow': return dt.weekday % 7;
    case 'doy': return dt.ordinal;
    case 'hour': return dt.hour;
    case 'minute': return dt.minute;
    case 'second': return dt.second + subSecNs / 1e9;
    case 'millisecond': return dt.second * 1000 + subSecNs / 1e6;
    case 'microsecond': return dt.second * 1e6 + subSecNs / 1e3;
    case 'nanosecond': return dt.second * 1e9 + subSecNs;
  }
}

const datePart: ScalarFunction = {
  name: 'date_part', signature: "date_part('field', ts) / extract(field FROM ts)", minArgs: 2, maxArgs: 2,
  bind: ([f, ts0], ctx) => {
    const raw = constString('date_part', f!, 'field').toLowerCase();
    const alias: Record<string, string> = { years: 'year', months: 'month', days: 'day', hours: 'hour', minutes: 'minute', seconds: 'second', dayofweek: 'dow', dayofyear: 'doy' };
    const field = PART_FIELDS.find((x) => x === (alias[raw] ?? raw));
    if (!field) throw argError('date_part', `unsupported field '${raw}' (use ${PART_FIELDS.join(', ')})`);
    // The epoch of an interval is its length in seconds (a month counts 30 days, as in DataFusion).
    if (ts0!.type === 'interval' && field === 'epoch') return mapRows('float64', [ts0!], (v) => (v as Interval).months * 2_592_000 + Number((v as Interval).ns) / 1e9);
    const ts = tsArg('date_part', ts0!, ctx);
    // Int32 like DataFusion (the second and sub-second fields truncated to whole units); epoch is Float64.
    const type = field === 'epoch' ? 'float64' : 'int32';
    if (ts.type === 'null') return constant(null, type);
    const per = nsPer(ts.type);
    if (type === 'float64') return mapRows(type, [ts], (v) => part((v as bigint) * per, field, ctx.timezone));
    return mapRows(type, [ts], (v) => Math.trunc(part((v as bigint) * per, field, ctx.timezone)));
  },
};

const toUnixtime: ScalarFunction = {
  name: 'to_unixtime', signature: 'to_unixtime(ts | text)', minArgs: 1, maxArgs: 1,
  bind: ([x], ctx) => {
    if (x!.type === 'int64' || x!.type === 'int32') return x!;
    const ts = tsArg('to_unixtime', x!, ctx);
    if (ts.type === 'null') return constant(null, 'int64');
    const per = nsPer(ts.type);
    return mapRows('int64', [ts], (v) => Number(floorDiv((v as bigint) * per, 1_000_000_000n)));
  },
};

const now: ScalarFunction = {
  name: 'now', signature: 'now()', minArgs: 0, maxArgs: 0,
  bind: (_args, ctx) => constant(floorDiv(ctx.nowNs, 1_000_000n), 'timestamp_ms'),
};

function toTimestampFn(name: string, type: 'timestamp_s' | 'timestamp_ms' | 'timestamp_us' | 'timestamp_ns'): ScalarFunction {
  return {
    name, signature: `${name}(text | integer)`, minArgs: 1, maxArgs: 1,
    bind: ([x], ctx) => {
      if (isTimestampType(x!.type)) return castTo(x!, type);
      return mapRows(type, [x!], (v: SqlValue) => {
        if (typeof v === 'number' || typeof v === 'bigint') return BigInt(Math.trunc(Number(v)));
        return castTo({ type: 'string', constant: { value: v }, eval: () => [] }, type, ctx.timezone).constant!.value;
      });
    },
  };
}

/** `from_unixtime(seconds)` (MySQL; Grafana's `$__timeFilter`): a millisecond timestamp. */
const fromUnixtime: ScalarFunction = {
  name: 'from_unixtime', signature: 'from_unixtime(seconds)', minArgs: 1, maxArgs: 1,
  bind: ([x]) => {
    if (x!.type !== 'null' && !isNumericType(x!.type)) throw argError('from_unixtime', `argument must be numeric seconds, got ${x!.type}`);
    return mapRows('timestamp_ms', [x!], (v) => BigInt(Math.round(Number(v) * 1000)));
  },
};

const STRFTIME: Record<string, (d: DateTime, fracNs: number) => string> = {
  Y: (d) => String(d.year).padStart(4, '0'), m: (d) => String(d.month).padStart(2, '0'), d: (d) => String(d.day).padStart(2, '0'),
  H: (d) => String(d.hour).padStart(2, '0'), M: (d) => String(d.minute).padStart(2, '0'), S: (d) => String(d.second).padStart(2, '0'),
  f: (_d, ns) => String(ns).padStart(9, '0'), '3f': (_d, ns) => String(ns).padStart(9, '0').slice(0, 3), '6f': (_d, ns) => String(ns).padStart(9, '0').slice(0, 6),
  j: (d) => String(d.ordinal).padStart(3, '0'), b: (d) => d.toFormat('LLL'), B: (d) => d.toFormat('LLLL'), a: (d) => d.toFormat('ccc'), A: (d) => d.toFormat('cccc'),
  y: (d) => String(d.year % 100).padStart(2, '0'), e: (d) => String(d.day).padStart(2, ' '), p: (d) => (d.hour < 12 ? 'AM' : 'PM'),
  z: (d) => d.toFormat('ZZZ'), Z: (d) => d.toFormat('ZZZZ'), s: (d) => String(Math.floor(d.toSeconds())), '%': () => '%',
};

/** `date_format(ts, '%Y-%m-%d %H:%M:%S%.3f')` with strftime specifiers (%Y %m %d %H %M %S %.3f %.6f %.f %j %b %B %a %A %y %e %p %z %Z %s %%). */
const dateFormat: ScalarFunction = {
  name: 'date_format', signature: "date_format(ts, 'format')", minArgs: 2, maxArgs: 2,
  bind: ([ts0, f], ctx) => {
    const format = constString('date_format', f!, 'format');
    const parts: ({ lit: string } | { spec: string })[] = [];
    const re = /%(\.?(?:3|6)?f|[A-Za-z%])|[^%]+/gy;
    let m: RegExpExecArray | null;
    let pos = 0;
    while (pos < format.length) {
      re.lastIndex = pos;
      m = re.exec(format);
      const raw = m?.[1];
      const spec = raw?.replace('.', '');
      if (!m || (spec !== undefined && !STRFTIME[spec])) throw argError('date_format', `unsupported specifier at position ${pos} of '${format}'`);
      // `%.3f` is chrono's "dot and 3 digits"; `%3f` the digits alone.
      if (raw?.startsWith('.')) parts.push({ lit: '.' });
      parts.push(spec !== undefined ? { spec } : { lit: m[0] });
      pos = re.lastIndex;
    }
    const ts = tsArg('date_format', ts0!, ctx);
    if (ts.type === 'null') return constant(null, 'string');
    const per = nsPer(ts.type);
    return mapRows('string', [ts], (v) => {
      const ns = (v as bigint) * per;
      const d = DateTime.fromMillis(Number(floorDiv(ns, 1_000_000n)), { zone: ctx.timezone ?? 'UTC' });
      const frac = Number(((ns % 1_000_000_000n) + 1_000_000_000n) % 1_000_000_000n);
      return parts.map((p) => ('lit' in p ? p.lit : STRFTIME[p.spec]!(d, frac))).join('');
    });
  },
};

export const TIME_FUNCTIONS: readonly ScalarFunction[] = [
  fromUnixtime, dateFormat,
  dateBin, dateTrunc, datePart, toUnixtime, now,
  { ...toUnixtime, name: 'unix_timestamp', signature: 'unix_timestamp(ts | text)' },
  { ...now, name: 'current_timestamp', signature: 'current_timestamp()' },
  toTimestampFn('to_timestamp', 'timestamp_ns'),
  toTimestampFn('to_timestamp_seconds', 'timestamp_s'),
  toTimestampFn('to_timestamp_millis', 'timestamp_ms'),
  toTimestampFn('to_timestamp_micros', 'timestamp_us'),
  toTimestampFn('to_timestamp_nanos', 'timestamp_ns'),
];
