export type TimeUnit = 's' | 'ms' | 'us' | 'ns';

const NS_PER: Record<TimeUnit, bigint> = { s: 1_000_000_000n, ms: 1_000_000n, us: 1_000n, ns: 1n };

/**
 * An instant, exact to the nanosecond. `unit` is the precision the value was produced with
 * (an `epoch, ms` field is `ms`); it decides the column type when the value becomes a column.
 */
export class Timestamp {
  constructor(
    /** Nanoseconds since the Unix epoch (UTC). */
    readonly ns: bigint,
    readonly unit: TimeUnit = 'ns',
  ) {}

  static fromUnit(value: bigint | number, unit: TimeUnit): Timestamp {
    const v = typeof value === 'bigint' ? value : BigInt(Math.trunc(value));
    return new Timestamp(v * NS_PER[unit], unit);
  }

  static fromMillis(ms: number): Timestamp {
    return new Timestamp(BigInt(Math.trunc(ms)) * 1_000_000n, 'ms');
  }

  /** The value counted in `unit` (floored toward negative infinity). */
  in(unit: TimeUnit): bigint {
    const d = NS_PER[unit];
    const q = this.ns / d;
    return this.ns < 0n && q * d !== this.ns ? q - 1n : q;
  }

  toMillis(): number {
    return Number(this.in('ms'));
  }

  withUnit(unit: TimeUnit): Timestamp {
    return new Timestamp(this.ns, unit);
  }

  /** RFC 3339 in UTC with as many fraction digits as needed (0, 3, 6 or 9). */
  toISOString(): string {
    const ms = this.in('ms');
    const base = new Date(Number(ms)).toISOString(); // yyyy-mm-ddThh:mm:ss.mmmZ
    const frac = this.ns - this.in('s') * 1_000_000_000n;
    const digits = frac.toString().padStart(9, '0');
    const trimmed = frac === 0n ? '' : digits.endsWith('000000') ? digits.slice(0, 3) : digits.endsWith('000') ? digits.slice(0, 6) : digits;
    return `${base.slice(0, 19)}${trimmed === '' ? '' : '.' + trimmed}Z`;
  }

  equals(other: Timestamp): boolean {
    return this.ns === other.ns;
  }
}

export function nsPerUnit(unit: TimeUnit): bigint {
  return NS_PER[unit];
}
