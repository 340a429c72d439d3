import { COLUMN_TYPE_DISPLAY, type ColumnType, type Value } from '@sluice/pipeline-core';
import type { ColumnDef } from '@sluice/storage';
import { SqlInvalidArgumentError } from '../errors.js';
import { castValue } from './cast.js';
import { checkJson2Value } from './json2-rules.js';
import type { SqlType, SqlValue } from './sql-value.js';
import { Decimal, decimalType, MAX_DECIMAL_PRECISION } from './decimal.js';
import { bytesToVector, parseVectorText, vectorToBytes } from './vector.js';

/**
 * SQL types that refine a storage type (kept in `ColumnDef.sqlType`): `VECTOR(n)` is Binary holding n
 * little-endian Float32 (as GreptimeDB stores it), `JSON2` is Json, `DATE` is Int32 days since 1970-01-01
 * (evaluated as the engine's `date` type). One place knows each: its
 * spelling, its display name (DESC TABLE, result headers) and how a value is cast into a column of it.
 */
interface LogicalType {
  readonly storage: ColumnType;
  /** GreptimeDB's display name (`Vector(3)`). */
  readonly display: string;
  /** The SQL spelling (SHOW CREATE TABLE). */
  readonly sql: string;
  castIn(v: SqlValue, from: SqlType, timezone?: string): Value;
}

function vectorType(dim: number): LogicalType {
  return {
    storage: 'binary',
    display: `Vector(${dim})`,
    sql: `VECTOR(${dim})`,
    castIn: (v) => {
      const vec = v instanceof Uint8Array ? bytesToVector(v, 'VECTOR') : typeof v === 'string' ? parseVectorText(v, `VECTOR(${dim})`) : undefined;
      if (vec === undefined) throw new SqlInvalidArgumentError(`cannot cast ${typeof v} to VECTOR(${dim}): expected text like '[1.0, 2.0]'`);
      if (vec.length !== dim) throw new SqlInvalidArgumentError(`the vector has ${vec.length} elements, the column is VECTOR(${dim})`);
      return v instanceof Uint8Array ? v : vectorToBytes(vec);
    },
  };
}

const DATE: LogicalType = {
  storage: 'int32',
  display: 'Date',
  sql: 'DATE',
  castIn: (v, from, tz) => castValue(v, from, 'date', tz) as Value,
};

const JSON2: LogicalType = {
  storage: 'json',
  display: 'Json2',
  sql: 'JSON2',
  castIn: (v, from, tz) => (v === null ? null : checkJson2Value(castValue(v, from, 'json', tz) as Value)),
};

/** The logical type named by a type name (`vector`, `json2`), or undefined for a plain column type. */
export function logicalTypeOf(words: readonly string[], precision?: number, scale?: number): { type: ColumnType; sqlType: string } | undefined {
  const name = words.join(' ').toLowerCase();
  if (name === 'decimal' || name === 'numeric') {
    // DataFusion's defaults: DECIMAL is DECIMAL(38, 10), DECIMAL(p) is DECIMAL(p, 0).
    const p = precision ?? 38;
    const sc = scale ?? (precision === undefined ? 10 : 0);
    if (!Number.isInteger(p) || p < 1 || p > MAX_DECIMAL_PRECISION) throw new SqlInvalidArgumentError(`Decimal(precision = ${p}, scale = ${sc}): precision must be between 1 and ${MAX_DECIMAL_PRECISION}`);
    if (!Number.isInteger(sc) || sc < 0 || sc > p) throw new SqlInvalidArgumentError(`Decimal(precision = ${p}, scale = ${sc}): scale must be between 0 and the precision`);
    return { type: 'string', sqlType: `DECIMAL(${p},${sc})` };
  }
  if (name === 'vector') {
    if (precision === undefined || !Number.isInteger(precision) || precision <= 0) throw new SqlInvalidArgumentError('VECTOR needs a dimension: VECTOR(n) with n > 0');
    return { type: 'binary', sqlType: `VECTOR(${precision})` };
  }
  if (name === 'json2') return { type: 'json', sqlType: 'JSON2' };
  if (name === 'date') return { type: 'int32', sqlType: 'DATE' };
  return undefined;
}

function decimalLogical(precision: number, scale: number): LogicalType {
  const t = decimalType(precision, scale);
  return {
    storage: 'string',
    display: `Decimal(${precision}, ${scale})`,
    sql: `DECIMAL(${precision}, ${scale})`,
    castIn: (v, from) => (castValue(v, from, t) as Decimal).toString(),
  };
}

function lookup(sqlType: string): LogicalType | undefined {
  const d = /^DECIMAL\((\d+),(\d+)\)$/.exec(sqlType);
  if (d) return decimalLogical(Number(d[1]), Number(d[2]));
  const m = /^VECTOR\((\d+)\)$/.exec(sqlType);
  if (m) return vectorType(Number(m[1]));
  return sqlType === 'JSON2' ? JSON2 : sqlType === 'DATE' ? DATE : undefined;
}

/** A value cast into a column, honouring its SQL type. */
export function castToColumn(v: SqlValue, from: SqlType, c: Pick<ColumnDef, 'type' | 'sqlType'>, timezone?: string): Value {
  const l = c.sqlType === undefined ? undefined : lookup(c.sqlType);
  if (l) return l.castIn(v, from, timezone);
  return castValue(v, from, c.type, timezone) as Value;
}

/** The column's type as DESC TABLE and result headers show it. */
export function displayTypeOf(c: Pick<ColumnDef, 'type' | 'sqlType'>): string {
  return (c.sqlType !== undefined ? lookup(c.sqlType)?.display : undefined) ?? COLUMN_TYPE_DISPLAY[c.type];
}

/** The column's SQL type for SHOW CREATE TABLE, or undefined for a plain type. */
export function sqlSpellingOf(c: Pick<ColumnDef, 'sqlType'>): string | undefined {
  return c.sqlType !== undefined ? lookup(c.sqlType)?.sql : undefined;
}

/** The type expressions see for a stored column: `date` for DATE columns, else the storage type. */
export function engineTypeOf(c: Pick<ColumnDef, 'type' | 'sqlType'>): SqlType {
  if (c.sqlType === undefined) return c.type;
  if (c.sqlType === 'DATE') return 'date';
  const d = /^DECIMAL\((\d+),(\d+)\)$/.exec(c.sqlType);
  return d ? decimalType(Number(d[1]), Number(d[2])) : c.type;
}
