import { SqlExecutionError, SqlInvalidArgumentError } from '../errors.js';
import type { SqlValue } from './sql-value.js';

/**
 * GreptimeDB's VECTOR values: Float32 elements stored as little-endian bytes (Binary), written as
 * text `[1.0, 2.0]` and shown by `vec_to_string` as `[1,2]` (Rust's f32 Display).
 */
export function parseVectorText(text: string, fn = 'parse_vec'): Float32Array {
  const t = text.trim();
  if (!t.startsWith('[') || !t.endsWith(']')) throw new SqlInvalidArgumentError(`${fn}: invalid vector text '${text}': expected [x, y, ...]`);
  const body = t.slice(1, -1).trim();
  if (body === '') return new Float32Array(0);
  const parts = body.split(',');
  const out = new Float32Array(parts.length);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!.trim();
    const x = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(p) ? Number(p) : /^[+-]?(inf|infinity)$/i.test(p) ? (p.startsWith('-') ? -Infinity : Infinity) : /^nan$/i.test(p) ? NaN : undefined;
    if (x === undefined) throw new SqlInvalidArgumentError(`${fn}: invalid vector text '${text}': '${p}' is not a number`);
    out[i] = x;
  }
  return out;
}

export function vectorToBytes(v: Float32Array): Uint8Array {
  const out = new Uint8Array(v.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < v.length; i++) view.setFloat32(i * 4, v[i]!, true);
  return out;
}

export function bytesToVector(b: Uint8Array, fn: string): Float32Array {
  if (b.length % 4 !== 0) throw new SqlExecutionError(`${fn}: binary of ${b.length} bytes is not a vector of Float32`);
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const out = new Float32Array(b.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** A vector argument: Binary (a stored VECTOR or parse_vec's result) or its text form. */
export function toVector(v: SqlValue, fn: string): Float32Array {
  if (v instanceof Uint8Array) return bytesToVector(v, fn);
  if (typeof v === 'string') return parseVectorText(v, fn);
  throw new SqlInvalidArgumentError(`${fn}: expected a vector (Binary or text like '[1.0, 2.0]')`);
}

/** Rust's `{}` for f32: shortest round-trip digits, never an exponent (`1`, `0.5`, `100000000000000000000`). */
export function formatF32(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const target = Math.fround(Math.abs(x));
  let s = '';
  for (let p = 1; p <= 9; p++) {
    s = target.toExponential(p - 1);
    if (Math.fround(Number(s)) === target) break;
  }
  const [m, e] = s.split('e');
  const digits = m!.replace('.', '').replace(/0+$/, '') || '0';
  const point = Number(e) + 1;
  const neg = x < 0 ? '-' : '';
  if (point <= 0) return `${neg}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${neg}${digits}${'0'.repeat(point - digits.length)}`;
  return `${neg}${digits.slice(0, point)}.${digits.slice(point)}`;
}

export function vectorToText(v: Float32Array): string {
  return `[${Array.from(v, formatF32).join(',')}]`;
}
