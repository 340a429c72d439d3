import { Timestamp } from '../../../value/timestamp.js';
import { VrlRegex, type VrlValue } from '../../value.js';
import { isObject } from './kind.js';
import { utf8Decode } from './utf8.js';

/**
 * JSON text of a VRL value as VRL writes it: object keys sorted (VRL objects are ordered maps),
 * integers exact (bigint), timestamps as RFC 3339 strings, regexes as their pattern, bytes as UTF-8.
 */
export function encodeJson(v: VrlValue, pretty: boolean): string {
  return write(v, pretty ? '\n' : '');
}

function write(v: VrlValue, nl: string): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return String(v);
    case 'bigint':
      return v.toString();
    case 'number':
      return Number.isFinite(v) ? JSON.stringify(v) : 'null';
    case 'string':
      return JSON.stringify(v);
    default:
  }
  if (v instanceof Timestamp) return JSON.stringify(v.toISOString());
  if (v instanceof VrlRegex) return JSON.stringify(v.source);
  if (v instanceof Uint8Array) return JSON.stringify(utf8Decode(v));
  const inner = nl === '' ? '' : nl + '  ';
  const colon = nl === '' ? ':' : ': ';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[${inner}${v.map((x) => write(x, inner)).join(',' + inner)}${nl}]`;
  }
  if (isObject(v)) {
    const keys = Object.keys(v).sort();
    if (keys.length === 0) return '{}';
    return `{${inner}${keys.map((k) => JSON.stringify(k) + colon + write(v[k]!, inner)).join(',' + inner)}${nl}}`;
  }
  return 'null';
}
