import { TransformError } from '../../errors/index.js';
import type { ColumnSchema, ColumnType } from '../../schema/column-type.js';
import { nsPerUnit, Timestamp, type TimeUnit } from '../../value/timestamp.js';
import { toJsonText, type Doc, type Value } from '../../value/value.js';
import type { TableBuilder } from '../table-builder.js';
import type { Coercer } from './coerce.js';
import { CoerceError } from './coerce.js';
import { inferType } from './infer-type.js';
import type { OnFailure } from './parse-transform.js';

/** The column GreptimeDB calls `greptime_timestamp`: the ingest time, when nothing else is the time index. */
export const SERVICE_TIMESTAMP = 'service_timestamp';
const SERVICE_TIMESTAMP_SCHEMA: ColumnSchema = Object.freeze({ name: SERVICE_TIMESTAMP, type: 'timestamp_ns', semantic: 'timestamp' });

/** One declared output column: read `input`, convert, write. */
export interface DeclaredColumn {
  readonly input: string;
  readonly schema: ColumnSchema;
  readonly typeText: string;
  readonly coerce: Coercer;
  readonly onFailure: OnFailure;
  readonly dflt: Value | undefined;
  readonly fallback: Value;
}

/** Where the time index comes from. */
export type TimeIndexSource =
  | { readonly kind: 'declared' }
  | { readonly kind: 'field'; readonly name: string }
  | { readonly kind: 'now' };

/**
 * A compiled transform: the declared columns (in transform order), then the time index when it is not
 * declared, then — with `inferRest` (version 2, auto transform, identity) — every remaining field with an
 * inferred type; the new columns of one row are added in name order.
 */
export class RowTransform {
  /** The fixed part of the schema (declared columns, then `service_timestamp` when it is added). */
  readonly fixed: readonly ColumnSchema[];
  private readonly consumed: ReadonlySet<string>;
  private readonly names: string[] = [];
  private readonly types: ColumnType[] = [];
  private readonly vals: Value[] = [];
  private readonly idxs: number[] = [];

  constructor(
    readonly declared: readonly DeclaredColumn[],
    readonly inferRest: boolean,
    readonly timeIndex: TimeIndexSource,
  ) {
    this.fixed = timeIndex.kind === 'now' ? [...declared.map((d) => d.schema), SERVICE_TIMESTAMP_SCHEMA] : declared.map((d) => d.schema);
    const consumed = new Set(declared.map((d) => d.input));
    for (const d of declared) consumed.add(d.schema.name);
    if (timeIndex.kind === 'field') consumed.add(timeIndex.name);
    if (timeIndex.kind === 'now') consumed.add(SERVICE_TIMESTAMP);
    this.consumed = consumed;
  }

  /** Converts one record into a row of `table`; throws TransformError naming the field. */
  apply(doc: Doc, table: TableBuilder, now: Timestamp): void {
    const decl = this.declared;
    const n = decl.length;
    const values: Value[] = new Array(this.fixed.length);
    for (let i = 0; i < n; i++) {
      const c = decl[i]!;
      values[i] = convert(c, doc[c.input]);
    }
    if (n < this.fixed.length) values[n] = now;
    if (!this.inferRest) {
      table.pushFixed(this, this.fixed, values);
      return;
    }
    this.applyInferred(doc, table, values);
  }

  private applyInferred(doc: Doc, table: TableBuilder, fixedValues: Value[]): void {
    // Phase 1: decide every column and check it against the table, without changing the table.
    // Scratch lists reused across rows (apply never re-enters itself: it calls no user code).
    const names = this.names;
    const types = this.types;
    const vals = this.vals;
    names.length = 0;
    types.length = 0;
    vals.length = 0;
    const ti = this.timeIndex;
    if (ti.kind === 'field') {
      const v = doc[ti.name];
      if (!(v instanceof Timestamp)) {
        throw new TransformError(ti.name, v === undefined || v === null ? 'the time index field is missing' : `the time index must be a timestamp, got ${toJsonText(v)}`);
      }
      const idx = table.indexOf(ti.name);
      const col = idx >= 0 ? table.columns[idx]! : undefined;
      // The time index keeps the unit of its first row; later rows convert to it.
      const unit = col?.type.startsWith('timestamp_') ? (col.type.slice(10) as TimeUnit) : v.unit;
      names.push(ti.name);
      types.push(`timestamp_${unit}` as ColumnType);
      vals.push(v.unit === unit ? v : new Timestamp(v.in(unit) * nsPerUnit(unit), unit));
    }
    for (const key in doc) {
      if (this.consumed.has(key)) continue;
      const v = doc[key]!;
      const t = inferType(v);
      if (t === undefined) continue;
      names.push(key);
      types.push(t);
      vals.push(v);
    }
    const fixed = this.fixed;
    const nf = fixed.length;
    const idxs = this.idxs;
    idxs.length = 0;
    for (let i = 0; i < nf; i++) {
      const idx = table.indexOf(fixed[i]!.name);
      if (idx >= 0) table.check(idx, fixed[i]!.type, false);
      else table.checkNew(fixed[i]!);
      idxs.push(idx);
    }
    const firstInferred = ti.kind === 'field' ? 1 : 0;
    for (let i = 0; i < names.length; i++) {
      const idx = table.indexOf(names[i]!);
      if (idx >= 0) {
        // A timestamp keeps the unit of its column (its first row), as the time index does.
        const have = table.columns[idx]!.type;
        const v = vals[i]!;
        if (have !== types[i] && v instanceof Timestamp && have.startsWith('timestamp_')) {
          const unit = have.slice(10) as TimeUnit;
          vals[i] = new Timestamp(v.in(unit) * nsPerUnit(unit), unit);
          types[i] = have;
        }
        table.check(idx, types[i]!, i >= firstInferred);
      } else if (i < firstInferred) {
        table.checkNew({ name: names[i]!, type: types[i]!, semantic: 'timestamp' });
      }
      idxs.push(idx);
    }
    // Phase 2: add the new columns (nothing above threw) and write the row.
    for (let i = 0; i < nf; i++) if (idxs[i]! < 0) idxs[i] = table.add(fixed[i]!, false);
    let fresh: number[] | undefined;
    for (let i = 0; i < names.length; i++) {
      const inferred = i >= firstInferred;
      const idx = idxs[nf + i]!;
      if (idx >= 0) {
        if (inferred) table.widen(idx, types[i]!);
      } else if (!inferred) {
        idxs[nf + i] = table.add({ name: names[i]!, type: types[i]!, semantic: 'timestamp' }, false);
      } else {
        (fresh ??= []).push(i);
      }
    }
    // New columns of a row are added in name order (GreptimeDB's records are name-ordered maps).
    if (fresh !== undefined) {
      if (fresh.length > 1) fresh.sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0));
      for (const i of fresh) idxs[nf + i] = table.add({ name: names[i]!, type: types[i]!, semantic: 'field' }, true);
    }
    // A row without holes: columns it does not set are null (finish() pads columns added later).
    const row: Value[] = new Array(table.columns.length).fill(null);
    for (let i = 0; i < nf; i++) row[idxs[i]!] = fixedValues[i]!;
    for (let i = 0; i < names.length; i++) row[idxs[nf + i]!] = vals[i]!;
    table.rows.push(row);
  }
}

function convert(c: DeclaredColumn, v: Value | undefined): Value {
  if (v === undefined || v === null) {
    if (c.dflt !== undefined) return c.dflt;
    if (c.schema.semantic === 'timestamp') throw new TransformError(c.input, 'the time index field is missing');
    return null;
  }
  try {
    return c.coerce(v);
  } catch (e) {
    if (!(e instanceof CoerceError)) throw e;
    if (c.onFailure === 'default') return c.fallback;
    if (c.onFailure === 'ignore' && c.schema.semantic !== 'timestamp') return null;
    throw new TransformError(c.input, `${e.message} (type '${c.typeText}')`);
  }
}
