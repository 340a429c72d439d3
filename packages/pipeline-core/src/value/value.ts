import { Timestamp } from './timestamp.js';

/**
 * The one value type shared by processors, VRL, transform and storage.
 * Integers are `number` while safe and `bigint` beyond 2^53; floats are `number`
 * (so an integral float such as 1.0 reads as an integer: JSON input cannot tell them apart either).
 */
export type Value = null | boolean | number | bigint | string | Timestamp | Uint8Array | Value[] | ValueMap;

export interface ValueMap {
  [key: string]: Value;
}

/** One record flowing through a pipeline. */
export type Doc = ValueMap;

export type ValueKind = 'null' | 'boolean' | 'integer' | 'float' | 'string' | 'timestamp' | 'bytes' | 'array' | 'object';

export function kindOf(v: Value): ValueKind {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(v) ? 'integer' : 'float';
    case 'bigint':
      return 'integer';
    case 'string':
      return 'string';
    default:
      if (v instanceof Timestamp) return 'timestamp';
      if (v instanceof Uint8Array) return 'bytes';
      if (Array.isArray(v)) return 'array';
      return 'object';
  }
}

export function isValueMap(v: Value | undefined): v is ValueMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Timestamp) && !(v instanceof Uint8Array);
}

/** A plain JSON-compatible form (timestamps as RFC 3339 strings, bigints kept as bigint). */
export function toPlain(v: Value): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (v instanceof Timestamp) return v.toISOString();
  if (v instanceof Uint8Array) return Array.from(v);
  if (Array.isArray(v)) return v.map(toPlain);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = toPlain(v[k]!);
  return out;
}

/** JSON text of a value; bigints are written as exact integer literals. */
export function toJsonText(v: Value): string {
  return stringifyExact(toPlain(v));
}

export function stringifyExact(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  switch (typeof v) {
    case 'bigint':
      return v.toString();
    case 'number':
      return Number.isFinite(v) ? JSON.stringify(v) : 'null';
    case 'string':
    case 'boolean':
      return JSON.stringify(v);
    case 'object': {
      if (Array.isArray(v)) return `[${v.map(stringifyExact).join(',')}]`;
      const parts: string[] = [];
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        if (x === undefined) continue;
        parts.push(`${JSON.stringify(k)}:${stringifyExact(x)}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      return 'null';
  }
}
