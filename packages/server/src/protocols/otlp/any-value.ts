import { SluiceError, StatusCode, type Value, type ValueMap } from '@sluice/pipeline-core';
import { i64, type AnyValue, type KeyValue } from './otlp-types.js';

/** The kind an attribute value has on the wire (doubles stay doubles even when integral). */
export type AnyKind = 'string' | 'bool' | 'int' | 'double' | 'array' | 'kvlist' | 'bytes' | 'empty';

const ONEOF_KINDS: Record<string, AnyKind> = {
  stringValue: 'string', boolValue: 'bool', intValue: 'int', doubleValue: 'double', arrayValue: 'array', kvlistValue: 'kvlist', bytesValue: 'bytes',
};

/**
 * Which member of the `value` oneof is set. protobufjs messages carry proto3 defaults on their
 * prototype (`stringValue` reads '' on an int value), so the virtual `value` discriminator decides.
 */
export function anyKind(v: AnyValue | null | undefined): AnyKind {
  if (v === null || v === undefined || v.value === undefined) return 'empty';
  return ONEOF_KINDS[v.value] ?? 'empty';
}

/** Deepest nesting of arrays and maps inside one attribute value. */
export const MAX_ANY_DEPTH = 32;

/** An AnyValue as a plain value: kvlists become objects, arrays arrays, bytes base64 text. */
export function anyToValue(v: AnyValue | null | undefined, depth = 0): Value {
  if (depth > MAX_ANY_DEPTH) throw new SluiceError(StatusCode.InvalidArguments, `OTLP attribute value nested deeper than ${MAX_ANY_DEPTH} levels`);
  switch (anyKind(v)) {
    case 'string':
      return v!.stringValue!;
    case 'bool':
      return v!.boolValue!;
    case 'int':
      return i64(v!.intValue);
    case 'double':
      return v!.doubleValue!;
    case 'array':
      return (v!.arrayValue!.values ?? []).map((x) => anyToValue(x, depth + 1));
    case 'kvlist':
      return attributesToMap(v!.kvlistValue!.values, depth + 1);
    case 'bytes':
      return Buffer.from(v!.bytesValue!).toString('base64');
    case 'empty':
      return null;
  }
}

export function attributesToMap(kvs: readonly KeyValue[] | undefined, depth = 0): ValueMap {
  const out: ValueMap = {};
  for (const kv of kvs ?? []) if (kv.key !== undefined) out[kv.key] = anyToValue(kv.value, depth);
  return out;
}

/** Attribute values as strings (metric labels): strings as they are, everything else as JSON text. */
export function anyToLabel(v: AnyValue | null | undefined): string {
  const k = anyKind(v);
  if (k === 'string') return v!.stringValue!;
  const plain = anyToValue(v);
  return typeof plain === 'bigint' ? plain.toString() : typeof plain === 'object' ? JSON.stringify(plain, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)) : String(plain);
}

export function hexId(bytes: Uint8Array | undefined | null): string {
  return bytes === undefined || bytes === null || bytes.length === 0 ? '' : Buffer.from(bytes).toString('hex');
}
