import { Timestamp, type TimeUnit, type Value } from '@sluice/pipeline-core';

/** Column defaults in the catalog: JSON with tags for the values JSON cannot carry exactly. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [k: string]: JsonValue };

export function valueToJson(v: Value): JsonValue {
  if (v === null || typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'bigint') return { $bigint: v.toString() };
  if (v instanceof Timestamp) return { $ts: v.ns.toString(), unit: v.unit };
  if (v instanceof Uint8Array) return { $bytes: Buffer.from(v).toString('base64') };
  if (Array.isArray(v)) return v.map(valueToJson);
  const out: { [k: string]: JsonValue } = {};
  for (const k of Object.keys(v)) out[k] = valueToJson(v[k]!);
  return { $map: out };
}

export function valueFromJson(j: JsonValue): Value {
  if (j === null || typeof j !== 'object') return j;
  if (Array.isArray(j)) return j.map(valueFromJson);
  if (typeof j.$bigint === 'string') return BigInt(j.$bigint);
  if (typeof j.$ts === 'string') return new Timestamp(BigInt(j.$ts), j.unit as TimeUnit);
  if (typeof j.$bytes === 'string') return new Uint8Array(Buffer.from(j.$bytes, 'base64'));
  const m = j.$map as { [k: string]: JsonValue };
  const out: { [k: string]: Value } = {};
  for (const k of Object.keys(m)) out[k] = valueFromJson(m[k]!);
  return out;
}
