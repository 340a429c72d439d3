import type { ColumnSchema, Value } from '@sluice/pipeline-core';
import type { WriteRequest } from '../store.js';
import type { TableState } from '../catalog/table-state.js';
import { InvalidRequestError, SchemaConflictError } from '../errors.js';
import { MAX_JSON_VALUE_DEPTH, jsonTooDeep } from '../schema/json-depth.js';
import { MISMATCH, describeValue, displayType, normalizeValue, normalizerFor } from '../schema/normalize-value.js';

/**
 * A request's rows ready to store, column by column: time (in the column's unit), tags by key slot and
 * fields by stored slot, each `count` long. Value arrays are generic (boxed) arrays on purpose: V8
 * rewrites a NaN's payload when it stores a double in a packed double array, and Prometheus's staleness
 * marker is a NaN whose payload must survive (`valueColumn`).
 */
export interface PreparedRows {
  readonly count: number;
  readonly ts: bigint[];
  /** tags[slot][row] */
  readonly tags: Value[][];
  /** fields[slot][row] */
  readonly fields: Value[][];
}

type Target = { kind: 'time' } | { kind: 'tag'; slot: number } | { kind: 'field'; slot: number };

/** An array of `n` values filled with `v` whose elements stay boxed (a NaN keeps its bits). */
export function valueColumn(n: number, v: Value = null): Value[] {
  const a: Value[] = new Array(n).fill(null);
  if (v !== null) a.fill(v);
  return a;
}

/** An empty growable array whose elements stay boxed (pushing a NaN keeps its bits). */
export function boxedArray(): Value[] {
  const a: Value[] = [null];
  a.pop();
  return a;
}

/** Validates and normalises every row of a request against the (evolved) table; throws before anything is written. */
export function prepareRows(t: TableState, req: WriteRequest): PreparedRows {
  const p = rowPreparer(t, req);
  p.fill(0, req.rows.length);
  return p.rows;
}

/**
 * `prepareRows` in slices, yielding to the event loop between them (a large write must not hold the
 * main thread): the same checks and errors, the same result.
 */
export async function prepareRowsSliced(t: TableState, req: WriteRequest, slicer: Slicer): Promise<PreparedRows> {
  const p = rowPreparer(t, req);
  const n = req.rows.length;
  for (let from = 0; from < n; from += SLICE_ROWS) {
    p.fill(from, Math.min(n, from + SLICE_ROWS));
    await slicer.pause();
  }
  return p.rows;
}

const SLICE_ROWS = 1024;

/** Yields to the event loop once `budgetMs` of work has run since the last yield. */
export class Slicer {
  private since = performance.now();
  constructor(private readonly budgetMs = 10) {}
  async pause(): Promise<void> {
    if (performance.now() - this.since < this.budgetMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }
}

/** The prepared columns of a request (allocated at once) and a function filling rows [from, to). */
function rowPreparer(t: TableState, req: WriteRequest): { rows: PreparedRows; fill(from: number, to: number): void } {
  const table = `${t.record.db}.${t.record.name}`;
  const targets: Target[] = req.schema.map((c: ColumnSchema) =>
    c.name === t.info.timeIndex ? { kind: 'time' } : t.tagSlot.has(c.name) ? { kind: 'tag', slot: t.tagSlot.get(c.name)! } : { kind: 'field', slot: t.fieldSlot.get(c.name)! },
  );
  const defs = req.schema.map((c) => t.byName.get(c.name)!);
  const types = defs.map((c) => c.type);
  const norms = types.map(normalizerFor);
  const n = req.rows.length;
  // Values for columns the request does not carry: the column default, else null (if allowed).
  const given = new Set(req.schema.map((c) => c.name));
  const tags = t.tags.map((c) => valueColumn(n, fill(table, c.name, c.default, c.type, c.nullable, given)));
  const fields = t.fields.map((c) => valueColumn(n, fill(table, c.name, c.default, c.type, c.nullable, given)));
  const ts: bigint[] = new Array(n);
  // Where each request column goes (the time column has none: it fills `ts`).
  const outs = targets.map((x) => (x.kind === 'tag' ? tags[x.slot]! : x.kind === 'field' ? fields[x.slot]! : undefined));
  const notNull = defs.map((c) => !c.nullable);
  const width = req.schema.length;
  const rows = req.rows;

  /** Row-major, value by value: throws the error of the first bad value in row order (the contract). */
  const checkRows = (from: number, to: number): void => {
    for (let i = from; i < to; i++) {
      const row = rows[i]!;
      if (!Array.isArray(row) || row.length !== width) {
        throw new InvalidRequestError(`write to ${table}: row ${i} has ${Array.isArray(row) ? row.length : 'no'} values but the schema has ${width} columns`);
      }
      let time: Value = null;
      for (let j = 0; j < width; j++) {
        const raw = row[j] === undefined ? null : (row[j] as Value);
        const v = normalizeValue(types[j]!, raw);
        if (v === MISMATCH) throw new SchemaConflictError(table, req.schema[j]!.name, displayType(types[j]!), describeValue(raw), `row ${i}`);
        if (types[j] === 'json' && jsonTooDeep(v)) {
          throw new InvalidRequestError(`write to ${table}: row ${i}, column '${req.schema[j]!.name}': the JSON value nests deeper than ${MAX_JSON_VALUE_DEPTH} levels`);
        }
        if (outs[j] === undefined) time = v;
        else if (v === null && notNull[j]) throw new InvalidRequestError(`write to ${table}: row ${i} has null for column '${req.schema[j]!.name}', which is NOT NULL`);
      }
      if (time === null) throw new InvalidRequestError(`write to ${table}: row ${i} has no value for the time index '${t.info.timeIndex}'`);
    }
  };

  /**
   * Column by column (one normaliser per loop): false as soon as a value is bad, and then checkRows
   * finds the error to report, so the outcome is that of a row-major check.
   */
  const fillColumns = (from: number, to: number): boolean => {
    for (let i = from; i < to; i++) {
      const row = rows[i];
      if (!Array.isArray(row) || row.length !== width) return false;
    }
    for (let j = 0; j < width; j++) {
      const norm = norms[j]!;
      const out = outs[j];
      const json = types[j] === 'json';
      // The previous object value and its stored form (a template's Timestamp or JSON value, reused by
      // every row): normalised once (normalisers are pure). Primitives are not worth a comparison.
      let lastRaw: Value | undefined;
      let lastNorm: Value = null;
      if (out === undefined) {
        for (let i = from; i < to; i++) {
          const raw = (rows[i] as Value[])[j];
          if (raw === undefined || raw === null) return false;
          const v = norm(raw);
          if (v === MISMATCH || v === null) return false;
          ts[i] = v as bigint;
        }
        continue;
      }
      const nullable = !notNull[j];
      if (types[j] === 'string') {
        // Strings are stored as they are: the normaliser's check inline (no call per value).
        for (let i = from; i < to; i++) {
          const raw = (rows[i] as Value[])[j];
          if (typeof raw === 'string') out[i] = raw;
          else if ((raw === undefined || raw === null) && nullable) out[i] = null;
          else return false;
        }
        continue;
      }
      for (let i = from; i < to; i++) {
        const raw = (rows[i] as Value[])[j];
        let v: Value | typeof MISMATCH;
        if (raw === undefined || raw === null) {
          if (!nullable) return false;
          v = null;
        } else if (typeof raw !== 'object') v = norm(raw);
        else if (raw === lastRaw) v = lastNorm;
        else {
          v = norm(raw);
          if (v === MISMATCH || (json && jsonTooDeep(v))) return false;
          if (!json) {
            lastRaw = raw;
            lastNorm = v;
          }
        }
        if (v === MISMATCH) return false;
        out[i] = v;
      }
    }
    return true;
  };

  const fillRows = (from: number, to: number): void => {
    if (fillColumns(from, to)) return;
    checkRows(from, to);
    // (Unreachable: a value fillColumns refused is one checkRows reports.)
    throw new InvalidRequestError(`write to ${table}: a row could not be prepared`);
  };
  return { rows: { count: n, ts, tags, fields }, fill: fillRows };
}

/** The value a row takes for column `c` of `table` when the request's schema (`given`) lacks it: its default, else null (throws when NOT NULL). */
export function columnFill(table: string, c: { name: string; default?: Value; type: Parameters<typeof normalizeValue>[0]; nullable: boolean }, given: Set<string>): Value {
  return fill(table, c.name, c.default, c.type, c.nullable, given);
}

function fill(table: string, name: string, dflt: Value | undefined, type: Parameters<typeof normalizeValue>[0], nullable: boolean, given: Set<string>): Value {
  if (given.has(name)) return null;
  if (dflt !== undefined && dflt !== null) return normalizeValue(type, dflt) as Value;
  if (!nullable) throw new InvalidRequestError(`write to ${table} lacks column '${name}', which is NOT NULL and has no default`);
  return null;
}
