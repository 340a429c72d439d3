import type { ColumnSchema, Value } from '@sluice/pipeline-core';
import type { WriteRequest } from '../store.js';
import type { TableState } from '../catalog/table-state.js';
import { InvalidRequestError, SchemaConflictError } from '../errors.js';
import { MAX_JSON_VALUE_DEPTH, jsonTooDeep } from '../schema/json-depth.js';
import { MISMATCH, describeValue, displayType, normalizeValue } from '../schema/normalize-value.js';

/** One row ready to store: time (in the column's unit), tags (key order) and field slots. */
export interface PreparedRow {
  readonly ts: bigint;
  readonly tags: Value[];
  readonly fields: Value[];
}

type Target = { kind: 'time' } | { kind: 'tag'; slot: number } | { kind: 'field'; slot: number };

/** Validates and normalises every row of a request against the (evolved) table; throws before anything is written. */
export function prepareRows(t: TableState, req: WriteRequest): PreparedRow[] {
  const table = `${t.record.db}.${t.record.name}`;
  const targets: Target[] = req.schema.map((c: ColumnSchema) =>
    c.name === t.info.timeIndex ? { kind: 'time' } : t.tagSlot.has(c.name) ? { kind: 'tag', slot: t.tagSlot.get(c.name)! } : { kind: 'field', slot: t.fieldSlot.get(c.name)! },
  );
  const types = req.schema.map((c) => t.byName.get(c.name)!.type);
  // Values for columns the request does not carry: the column default, else null (if allowed).
  const given = new Set(req.schema.map((c) => c.name));
  const tagFill: Value[] = t.tags.map((c) => fill(table, c.name, c.default, c.type, c.nullable, given));
  const fieldFill: Value[] = t.fields.map((c) => fill(table, c.name, c.default, c.type, c.nullable, given));
  const out: PreparedRow[] = new Array(req.rows.length);
  const width = req.schema.length;
  for (let i = 0; i < req.rows.length; i++) {
    const row = req.rows[i]!;
    if (!Array.isArray(row) || row.length !== width) {
      throw new InvalidRequestError(`write to ${table}: row ${i} has ${Array.isArray(row) ? row.length : 'no'} values but the schema has ${width} columns`);
    }
    const tags = tagFill.slice();
    const fields = fieldFill.slice();
    let ts: bigint | null = null;
    for (let j = 0; j < width; j++) {
      const raw = row[j] === undefined ? null : (row[j] as Value);
      const v = normalizeValue(types[j]!, raw);
      const col = req.schema[j]!;
      if (v === MISMATCH) throw new SchemaConflictError(table, col.name, displayType(types[j]!), describeValue(raw), `row ${i}`);
      if (types[j] === 'json' && jsonTooDeep(v)) {
        throw new InvalidRequestError(`write to ${table}: row ${i}, column '${col.name}': the JSON value nests deeper than ${MAX_JSON_VALUE_DEPTH} levels`);
      }
      const target = targets[j]!;
      if (target.kind === 'time') ts = v as bigint | null;
      else {
        if (v === null && !t.byName.get(col.name)!.nullable) throw new InvalidRequestError(`write to ${table}: row ${i} has null for column '${col.name}', which is NOT NULL`);
        if (target.kind === 'tag') tags[target.slot] = v;
        else fields[target.slot] = v;
      }
    }
    if (ts === null) throw new InvalidRequestError(`write to ${table}: row ${i} has no value for the time index '${t.info.timeIndex}'`);
    out[i] = { ts, tags, fields };
  }
  return out;
}

function fill(table: string, name: string, dflt: Value | undefined, type: Parameters<typeof normalizeValue>[0], nullable: boolean, given: Set<string>): Value {
  if (given.has(name)) return null;
  if (dflt !== undefined && dflt !== null) return normalizeValue(type, dflt) as Value;
  if (!nullable) throw new InvalidRequestError(`write to ${table} lacks column '${name}', which is NOT NULL and has no default`);
  return null;
}
