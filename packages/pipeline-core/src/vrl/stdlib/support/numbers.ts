import { VrlFunctionError } from '../function.js';

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

/** An integer as VRL holds it (i64): a number while safe, a bigint beyond 2^53. */
export function normalizeInt(v: bigint): number | bigint {
  if (v < I64_MIN || v > I64_MAX) throw new VrlFunctionError(`integer ${v} is out of the 64-bit range`);
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}

/** Rust's `i64::from_str`: an optional sign and decimal digits, nothing else. */
export function parseDecimalInt(text: string): number | bigint {
  if (text === '') throw new VrlFunctionError(`Invalid integer "${text}": cannot parse integer from empty string`);
  if (!/^[+-]?\d+$/.test(text)) throw new VrlFunctionError(`Invalid integer "${text}": invalid digit found in string`);
  const v = BigInt(text);
  if (v < I64_MIN || v > I64_MAX) {
    throw new VrlFunctionError(`Invalid integer "${text}": number too ${v < 0n ? 'small' : 'large'} to fit in target type`);
  }
  return normalizeInt(v);
}

/** Rust's `f64::from_str`: decimal or scientific notation, `inf`, `infinity`, `nan` (any case). */
export function parseRustFloat(text: string): number | undefined {
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return Number(text);
  const lower = text.toLowerCase().replace(/^\+/, '');
  if (lower === 'inf' || lower === 'infinity') return Infinity;
  if (lower === '-inf' || lower === '-infinity') return -Infinity;
  if (lower === 'nan' || lower === '-nan') return NaN;
  return undefined;
}

/** A float as Rust's `Display` writes it: shortest round-trip digits, never in exponent form. */
export function rustFloatText(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const s = String(x);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const digits = m[2]! + (m[3] ?? '');
  const point = 1 + Number(m[4]);
  if (point <= 0) return `${m[1]}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${m[1]}${digits}${'0'.repeat(point - digits.length)}`;
  return `${m[1]}${digits.slice(0, point)}.${digits.slice(point)}`;
}
