import { SqlExecutionError } from '../errors.js';

/**
 * An exact decimal (Arrow's Decimal128): an unscaled integer and a scale, `12.30` = 1230 at scale 2.
 * Its SQL type is `decimal(p,s)`: p digits in all (1..38), s of them after the point.
 */
export class Decimal {
  constructor(
    readonly unscaled: bigint,
    readonly scale: number,
  ) {}

  toString(): string {
    if (this.scale === 0) return this.unscaled.toString();
    const neg = this.unscaled < 0n;
    const digits = (neg ? -this.unscaled : this.unscaled).toString().padStart(this.scale + 1, '0');
    return `${neg ? '-' : ''}${digits.slice(0, -this.scale)}.${digits.slice(-this.scale)}`;
  }

  toNumber(): number {
    return Number(this.toString());
  }

  /** So `Number(d)` and float functions read a decimal as its nearest Float64. */
  valueOf(): number {
    return this.toNumber();
  }

  /** The same value at another scale, rounding half away from zero when digits are dropped. */
  rescale(scale: number): Decimal {
    if (scale === this.scale) return this;
    if (scale > this.scale) return new Decimal(this.unscaled * 10n ** BigInt(scale - this.scale), scale);
    return new Decimal(divRound(this.unscaled, 10n ** BigInt(this.scale - scale)), scale);
  }
}

export type DecimalType = `decimal(${number},${number})`;

export const MAX_DECIMAL_PRECISION = 38;

export function decimalType(precision: number, scale: number): DecimalType {
  return `decimal(${Math.min(precision, MAX_DECIMAL_PRECISION)},${scale})`;
}

/** Precision and scale of a `decimal(p,s)` type, or undefined for other types. */
export function decimalParts(t: string): { precision: number; scale: number } | undefined {
  if (!t.startsWith('decimal(')) return undefined;
  const m = /^decimal\((\d+),(-?\d+)\)$/.exec(t);
  return m ? { precision: Number(m[1]), scale: Number(m[2]) } : undefined;
}

export function isDecimalType(t: string): t is DecimalType {
  return t.startsWith('decimal(');
}

/** `Decimal128(p, s)`: the display name. */
export function decimalDisplay(t: DecimalType): string {
  const { precision, scale } = decimalParts(t)!;
  return `Decimal128(${precision}, ${scale})`;
}

/** a / b rounded half away from zero. */
export function divRound(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  const bb = b < 0n ? -b : b;
  if (twice >= bb) return (a < 0n) !== (b < 0n) ? q - 1n : q + 1n;
  return q;
}

/** Checks that the value fits `precision` digits (DataFusion's message otherwise, 3001). */
export function checkPrecision(d: Decimal, precision: number): Decimal {
  const limit = 10n ** BigInt(precision);
  if (d.unscaled >= limit || d.unscaled <= -limit) {
    const max = new Decimal(limit - 1n, d.scale).toString();
    throw new SqlExecutionError(`Invalid argument error: ${d.toString()} is too large to store in a Decimal128 of precision ${precision}. Max is ${max}`);
  }
  return d;
}

/** Text such as `-12.345`, `1e3` as a decimal at `scale` (rounded), or undefined when it is not a number. */
export function parseDecimalText(text: string, scale: number): Decimal | undefined {
  const m = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const digits = (m[2] || '0') + (m[3] ?? '');
  let exp = -(m[3] ?? '').length + Number(m[4] ?? 0);
  let unscaled = BigInt(digits);
  if (m[1] === '-') unscaled = -unscaled;
  // value = unscaled * 10^exp; wanted at 10^-scale
  exp += scale;
  if (exp >= 0) return new Decimal(unscaled * 10n ** BigInt(exp), scale);
  return new Decimal(divRound(unscaled, 10n ** BigInt(-exp)), scale);
}

/** A float as a decimal at `scale` (rounded half away from zero, as Arrow's cast). */
export function decimalFromNumber(x: number, scale: number): Decimal {
  if (!Number.isFinite(x)) throw new SqlExecutionError(`Cast error: Cannot cast ${x} to Decimal128`);
  if (Number.isInteger(x) && Math.abs(x) <= Number.MAX_SAFE_INTEGER) return new Decimal(BigInt(x) * 10n ** BigInt(scale), scale);
  const scaled = x * 10 ** scale;
  const r = Math.sign(scaled) * Math.round(Math.abs(scaled));
  if (!Number.isFinite(r)) throw new SqlExecutionError(`Cast error: Cannot cast ${x} to Decimal128`);
  return new Decimal(BigInt(r.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 })), scale);
}

export function compareDecimals(a: Decimal, b: Decimal): number {
  const s = Math.max(a.scale, b.scale);
  const x = a.rescale(s).unscaled;
  const y = b.rescale(s).unscaled;
  return x < y ? -1 : x > y ? 1 : 0;
}
