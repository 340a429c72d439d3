import { Timestamp } from '../../../value/timestamp.js';
import { VrlRegex, type VrlValue } from '../../value.js';
import { isObject } from './kind.js';
import { utf8Decode } from './utf8.js';

/** A readable, stable rendering of a value for test failures and docs (`t'...'`, `r'...'`, `5n` as `5`). */
export function showValue(v: VrlValue): string {
  if (v === null) return 'null';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (v instanceof Timestamp) return `t'${v.toISOString()}'`;
  if (v instanceof VrlRegex) return `r'${v.source}'`;
  if (v instanceof Uint8Array) return JSON.stringify(utf8Decode(v));
  if (Array.isArray(v)) return `[${v.map(showValue).join(', ')}]`;
  if (isObject(v)) return `{ ${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${showValue(x)}`).join(', ')} }`;
  return String(v);
}
