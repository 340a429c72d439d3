import { Timestamp, type Value } from '@sluice/pipeline-core';
import type { ResultColumn } from '@sluice/query';

/**
 * One cell as GreptimeDB's sqlness output prints it (Arrow's display): NULL empty, floats in Rust's `{:?}`
 * form (`1.0`, `NaN`, `inf`, `1e100`), timestamps as `YYYY-MM-DDTHH:MM:SS[.fff|.ffffff|.fffffffff]`,
 * binary as lowercase hex.
 */
export function displayCell(v: Value, col: ResultColumn, mysql = false): string {
  if (v === null) return '';
  const t = col.dataType;
  if (t.startsWith('Timestamp')) {
    const ns = v instanceof Timestamp ? v.ns : BigInt(v as number | bigint) * unitNs(t);
    const s = formatTimestampNs(ns);
    return mysql ? s.replace('T', ' ') : s;
  }
  if (v instanceof Timestamp) return formatTimestampNs(v.ns);
  if (t === 'Float64' && typeof v === 'number') return rustFloat(v, false);
  if (t === 'Float32' && typeof v === 'number') return rustFloat(v, true);
  if (Array.isArray(v)) return `[${v.map((x) => (x === null ? '' : displayCell(x, { ...col, dataType: elementType(x) }, mysql))).join(', ')}]`;
  if (v instanceof Uint8Array) return Buffer.from(v).toString('hex');
  if (typeof v === 'object') return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? Number(x) : x));
  if (typeof v === 'number' && !Number.isInteger(v)) return rustFloat(v, false);
  return String(v);
}

function elementType(x: Value): string {
  return typeof x === 'number' && !Number.isInteger(x) ? 'Float64' : 'Unknown';
}

function unitNs(t: string): bigint {
  if (t === 'TimestampSecond') return 1_000_000_000n;
  if (t === 'TimestampMillisecond') return 1_000_000n;
  if (t === 'TimestampMicrosecond') return 1_000n;
  return 1n;
}

/** Days since 1970-01-01 -> [year, month, day] (proleptic Gregorian, any range). */
export function civilFromDays(z0: bigint): [bigint, number, number] {
  const z = z0 + 719468n;
  const era = (z >= 0n ? z : z - 146096n) / 146097n;
  const doe = z - era * 146097n;
  const yoe = (doe - doe / 1460n + doe / 36524n - doe / 146096n) / 365n;
  const y = yoe + era * 400n;
  const doy = doe - (365n * yoe + yoe / 4n - yoe / 100n);
  const mp = (5n * doy + 2n) / 153n;
  const d = Number(doy - (153n * mp + 2n) / 5n + 1n);
  const m = Number(mp < 10n ? mp + 3n : mp - 9n);
  return [m <= 2 ? y + 1n : y, m, d];
}

const p2 = (n: number | bigint) => String(n).padStart(2, '0');

export function formatDateDays(days: bigint): string {
  const [y, m, d] = civilFromDays(days);
  const ys = y < 0n ? '-' + String(-y).padStart(4, '0') : String(y).padStart(4, '0');
  return `${ys}-${p2(m)}-${p2(d)}`;
}

export function formatTimestampNs(ns: bigint): string {
  const dayNs = 86_400_000_000_000n;
  let days = ns / dayNs;
  let rest = ns - days * dayNs;
  if (rest < 0n) {
    days -= 1n;
    rest += dayNs;
  }
  const secs = rest / 1_000_000_000n;
  const frac = rest % 1_000_000_000n;
  const hh = secs / 3600n;
  const mm = (secs % 3600n) / 60n;
  const ss = secs % 60n;
  const digits = frac.toString().padStart(9, '0');
  const f = frac === 0n ? '' : digits.endsWith('000000') ? digits.slice(0, 3) : digits.endsWith('000') ? digits.slice(0, 6) : digits;
  return `${formatDateDays(days)}T${p2(hh)}:${p2(mm)}:${p2(ss)}${f ? '.' + f : ''}`;
}

/**
 * Arrow's float display (the ryu crate): shortest round-trip digits; decimal form while the decimal
 * exponent kk (10^(kk-1) <= |x| < 10^kk) is in (-5, 16] for f64 and (-6, 13] for f32, else `1.5e20`.
 */
export function rustFloat(x: number, f32: boolean): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [digits, exp] = shortest(x, f32);
  const neg = x < 0 ? '-' : '';
  const kk = exp + 1;
  if (f32 ? kk > -6 && kk <= 13 : kk > -5 && kk <= 16) {
    // Decimal: digits with the point placed at exp+1.
    const point = exp + 1;
    if (point <= 0) return `${neg}0.${'0'.repeat(-point)}${digits}`;
    if (point >= digits.length) return `${neg}${digits}${'0'.repeat(point - digits.length)}.0`;
    return `${neg}${digits.slice(0, point)}.${digits.slice(point)}`;
  }
  const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${neg}${mant}e${exp}`;
}

/** Shortest significant digits (no dot) and decimal exponent of |x|. */
function shortest(x: number, f32: boolean): [string, number] {
  let s = '';
  if (f32) {
    const target = Math.fround(Math.abs(x));
    for (let p = 1; p <= 9; p++) {
      s = target.toExponential(p - 1);
      if (Math.fround(Number(s)) === target) break;
    }
  } else {
    s = Math.abs(x).toExponential();
  }
  const [m, e] = s.split('e');
  return [m!.replace('.', '').replace(/0+$/, '') || '0', Number(e)];
}
