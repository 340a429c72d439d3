import type { VrlArgs, VrlFunction } from '../function.js';
import { num, optInt } from './args.js';

type Rounder = (x: number) => number;

/** Rust's `f64::round`: halves go away from zero. */
export const roundHalfAway: Rounder = (x) => Math.sign(x) * Math.round(Math.abs(x));

/**
 * The shared body of round/floor/ceil: integers pass through; floats are rounded at `precision`
 * decimal places (`(x * 10^p).op() / 10^p`, as VRL does).
 */
export function roundingCall(op: Rounder): VrlFunction['call'] {
  return (args: VrlArgs) => {
    const v = num(args, 'value');
    if (typeof v === 'bigint' || Number.isInteger(v)) return v;
    const precision = optInt(args, 'precision') ?? 0;
    if (precision <= 0) return op(v);
    const m = 10 ** precision;
    return op(v * m) / m;
  };
}
