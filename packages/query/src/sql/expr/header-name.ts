import type { Expr, FrameBound, RangeFill, RangeSpec, WindowSpec } from '../ast/expr.js';
import type { OrderKey } from '../ast/query.js';
import { Interval } from '../types/sql-value.js';
import { arrowTypeName } from '../types/arrow-type.js';
import type { Field } from './relation.js';

/**
 * The name of an unaliased result column as GreptimeDB (DataFusion's schema display) prints it:
 * columns inside expressions are qualified with their table (`count(t.a)`), literals carry their type
 * (`Utf8("x")`, `Int64(1)`, `Float64(0.5)`, `Boolean(true)`), casts show their operand, a negation is
 * `(- x)`, function arguments are joined by `,` and window calls spell out their frame.
 * A bare column keeps its own name.
 */
export function headerName(e: Expr, fields: readonly Field[]): string {
  if (e.kind === 'column') return e.name;
  return show(e, fields);
}

const DAY_NS = 86_400_000_000_000n;

/** Rust's `Display` of an f64: no exponent, integral values without a fraction. */
export function rustFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (Object.is(x, -0)) return '-0';
  const s = String(x);
  if (!/e/i.test(s)) return s;
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/i.exec(s)!;
  const digits = m[2]! + (m[3] ?? '');
  const exp = Number(m[4]);
  if (exp < 0) return `${m[1]}0.${'0'.repeat(-exp - 1)}${digits}`;
  return m[1]! + digits.padEnd(exp + 1, '0');
}

function literal(v: unknown, text: string | undefined): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'string') return `Utf8("${v}")`;
  if (typeof v === 'boolean') return `Boolean(${v})`;
  if (typeof v === 'bigint') {
    // DataFusion plans an integer literal as Int64, else UInt64, else Float64.
    if (v >= -(2n ** 63n) && v < 2n ** 63n) return `Int64(${v})`;
    return v >= 0n && v < 2n ** 64n ? `UInt64(${v})` : `Float64(${rustFloat(Number(v))})`;
  }
  if (typeof v === 'number') {
    // An integer literal beyond Int64 is planned as a Float64.
    const float = text !== undefined ? /[.eE]/.test(text) || !Number.isSafeInteger(v) && Math.abs(v) >= 2 ** 63 : !Number.isInteger(v);
    return float ? `Float64(${rustFloat(v)})` : `Int64(${v})`;
  }
  if (v instanceof Interval) return intervalName(v.months, v.ns);
  return String(v);
}

function intervalName(months: number, ns: bigint): string {
  const days = ns / DAY_NS;
  return `IntervalMonthDayNano("IntervalMonthDayNano { months: ${months}, days: ${days}, nanoseconds: ${ns - days * DAY_NS} }")`;
}

function column(table: string | undefined, name: string, fields: readonly Field[]): string {
  if (table !== undefined) return `${table}.${name}`;
  const lower = name.toLowerCase();
  const f = fields.find((x) => x.name === name) ?? fields.find((x) => x.name.toLowerCase() === lower);
  return f?.qualifier ? `${f.qualifier}.${f.name}` : (f?.name ?? name);
}

function orderKeys(keys: readonly OrderKey[], fields: readonly Field[]): string {
  return `[${keys
    .map((k) => {
      const nullsFirst = k.nullsFirst ?? k.descending;
      return `${show(k.expr, fields)} ${k.descending ? 'DESC' : 'ASC'} NULLS ${nullsFirst ? 'FIRST' : 'LAST'}`;
    })
    .join(', ')}]`;
}

function bound(b: FrameBound): string {
  switch (b.kind) {
    case 'unbounded_preceding': return 'UNBOUNDED PRECEDING';
    case 'unbounded_following': return 'UNBOUNDED FOLLOWING';
    case 'current_row': return 'CURRENT ROW';
    case 'offset': return `${Math.abs(b.offset)} ${b.offset < 0 ? 'PRECEDING' : 'FOLLOWING'}`;
  }
}

function windowName(w: WindowSpec, fields: readonly Field[]): string {
  const parts: string[] = [];
  if (w.partitionBy.length > 0) parts.push(`PARTITION BY [${w.partitionBy.map((p) => show(p, fields)).join(', ')}]`);
  if (w.orderBy.length > 0) parts.push(`ORDER BY ${orderKeys(w.orderBy, fields)}`);
  const frame = w.frame ?? (w.orderBy.length > 0
    ? { units: 'range' as const, start: { kind: 'unbounded_preceding' as const }, end: { kind: 'current_row' as const } }
    : { units: 'rows' as const, start: { kind: 'unbounded_preceding' as const }, end: { kind: 'unbounded_following' as const } });
  parts.push(`${frame.units.toUpperCase()} BETWEEN ${bound(frame.start)} AND ${bound(frame.end)}`);
  return parts.join(' ');
}

/**
 * `RANGE 10s FILL PREV` as GreptimeDB names a range call: a text duration as written, an interval
 * expression by its DataFusion name; a constant fill as its value prints (`6`, not `6.0`).
 */
function rangeName(r: RangeSpec, fields: readonly Field[]): string {
  const d = r.duration.kind === 'text' ? r.duration.text : show(r.duration.expr, fields);
  return r.fill === undefined ? `RANGE ${d}` : `RANGE ${d} FILL ${fillName(r.fill)}`;
}

export function fillName(f: RangeFill): string {
  if (f.kind !== 'const') return f.kind.toUpperCase();
  const n = Number(f.text);
  if (f.text.trim() !== '' && Number.isFinite(n)) return rustFloat(n);
  return /^(true|false)$/i.test(f.text) ? f.text.toLowerCase() : f.text.toUpperCase();
}

const TIMESTAMP_CASTS: Record<string, string> = {
  timestamp_s: 'Timestamp(s)', timestamp_ms: 'Timestamp(ms)', timestamp_us: 'Timestamp(µs)', timestamp_ns: 'Timestamp(ns)',
};

/** GreptimeDB's own type names (`x::UInt8`) are casts it rewrites to arrow_cast; `Int8` reads as Postgres' INT8 (BIGINT). */
const ALIAS_CASTS: Record<string, string> = {
  INT8: 'Int64', INT16: 'Int16', INT32: 'Int32', INT64: 'Int64', UINT8: 'UInt8', UINT16: 'UInt16', UINT32: 'UInt32', UINT64: 'UInt64',
  FLOAT32: 'Float32', FLOAT64: 'Float64',
};

/** SQL spellings DataFusion plans as another function (special syntax), named after that function. */
const CANONICAL: Record<string, string> = { substring: 'substr', trim: 'btrim', position: 'strpos', covar: 'covar_samp' };

function show(e: Expr, fields: readonly Field[], inRange = false): string {
  switch (e.kind) {
    case 'literal':
      return literal(e.value, e.text);
    case 'value':
      // A typed NULL (a JSON path access's type, planner/json-path-access.ts) shows its type: `Int64(NULL)`.
      return e.value === null && e.type !== 'null' ? `${arrowTypeName(e.type)}(NULL)` : literal(e.value, undefined);
    case 'interval':
      return e.fromText ? `Utf8("${e.text}")` : intervalName(e.months ?? 0, e.ns);
    case 'timestamp_literal':
      return `Utf8("${e.text}")`;
    case 'column':
      return column(e.table, e.name, fields);
    case 'star':
      return e.table ? `${e.table}.*` : '*';
    case 'unary':
      return e.op === 'not' ? `NOT ${show(e.operand, fields)}` : `(- ${show(e.operand, fields)})`;
    case 'binary':
      return `${show(e.left, fields)} ${e.op === 'and' || e.op === 'or' ? e.op.toUpperCase() : e.op} ${show(e.right, fields)}`;
    case 'between':
      return `${show(e.operand, fields)} ${e.negated ? 'NOT ' : ''}BETWEEN ${show(e.low, fields)} AND ${show(e.high, fields)}`;
    case 'in_list':
      return `${show(e.operand, fields)} ${e.negated ? 'NOT ' : ''}IN ([${e.list.map((x) => show(x, fields)).join(', ')}])`;
    case 'like':
      return `${show(e.operand, fields)} ${e.negated ? 'NOT ' : ''}${e.caseInsensitive ? 'ILIKE' : 'LIKE'} ${show(e.pattern, fields)}`;
    case 'is_null':
      return `${show(e.operand, fields)} IS ${e.negated ? 'NOT ' : ''}NULL`;
    case 'function': {
      if (e.range) {
        const { range, ...call } = e;
        return `${show(call, fields, true)} ${rangeName(range, fields)}`;
      }
      // A range call names count(*) as the count(Int64(1)) DataFusion plans it as.
      const args = e.args.length === 1 && e.args[0]!.kind === 'star' && !e.args[0]!.table ? (inRange ? 'Int64(1)' : '*') : e.args.map((a) => show(a, fields)).join(',');
      const name = e.name.toLowerCase();
      if (e.withinGroup) return `${name}(${e.withinGroup.args.map((a) => show(a, fields)).join(',')}) WITHIN GROUP ${orderKeys([e.withinGroup.key], fields)}`;
      const call = `${CANONICAL[name] ?? name}(${e.distinct ? 'DISTINCT ' : ''}${args})`;
      if (e.orderBy) return `${call} ORDER BY ${orderKeys(e.orderBy, fields)}`;
      return e.over ? `${call} ${windowName(e.over, fields)}` : call;
    }
    case 'case':
      return `CASE ${e.operand ? show(e.operand, fields) + ' ' : ''}${e.whens.map((w) => `WHEN ${show(w.when, fields)} THEN ${show(w.then, fields)}`).join(' ')}${e.otherwise ? ` ELSE ${show(e.otherwise, fields)}` : ''} END`;
    case 'cast': {
      // GreptimeDB rewrites casts to timestamp types into arrow_cast (its type-alias rule).
      const ts = e.try ? undefined : (TIMESTAMP_CASTS[e.type] ?? ALIAS_CASTS[e.typeText.toUpperCase()]);
      return ts ? `arrow_cast(${show(e.operand, fields)},Utf8("${ts}"))` : show(e.operand, fields);
    }
    case 'subquery':
      return e.exists ? 'EXISTS (<subquery>)' : '(<subquery>)';
    case 'in_subquery':
      return `${show(e.operand, fields)} ${e.negated ? 'NOT ' : ''}IN (<subquery>)`;
  }
}
