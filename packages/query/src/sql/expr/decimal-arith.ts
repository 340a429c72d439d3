import { SqlExecutionError, SqlPlanError } from '../errors.js';
import { Decimal, decimalParts, decimalType, divRound, MAX_DECIMAL_PRECISION, type DecimalType } from '../types/decimal.js';
import { isDecimalType } from '../types/decimal.js';
import { isIntType, type SqlType } from '../types/sql-value.js';
import { mapRows, type Compiled } from './compiled.js';
import { castTo } from './coerce.js';

/** Digits of each integer type as a decimal operand (DataFusion: Int32 is Decimal128(10, 0), ...). */
const INT_DIGITS: Record<string, number> = { int8: 3, int16: 5, int32: 10, int64: 20, uint8: 3, uint16: 5, uint32: 10, uint64: 20 };

/** The decimal type an operand takes next to a decimal: decimals as they are, integers exactly; else undefined. */
function asDecimal(t: SqlType): DecimalType | undefined {
  if (isDecimalType(t)) return t;
  if (isIntType(t)) return decimalType(INT_DIGITS[t] ?? 20, 0);
  return undefined;
}

const I128_MAX = (1n << 127n) - 1n;

function checked(v: bigint, scale: number, what: string): Decimal {
  if (v > I128_MAX || v < -I128_MAX) throw new SqlExecutionError(`Arithmetic overflow: Overflow happened on: ${what}`);
  return new Decimal(v, scale);
}

/**
 * `a op b` where one side is a decimal and the other a decimal or an integer, exactly, with DataFusion's
 * result types: `+ -` s = max(s1, s2), p = max(p1 - s1, p2 - s2) + s + 1; `*` p = p1 + p2 + 1, s = s1 + s2;
 * `/` s = max(6, s1 + p2 + 1), p = p1 - s1 + s2 + s; `%` s = max(s1, s2), p = min(p1 - s1, p2 - s2) + s
 * (p capped at 38; a scale over 38 is a plan error). Returns undefined when the operands are not that.
 */
export function decimalArithmetic(op: '+' | '-' | '*' | '/' | '%', l: Compiled, r: Compiled): Compiled | undefined {
  if (!isDecimalType(l.type) && !isDecimalType(r.type)) return undefined;
  const lt = asDecimal(l.type);
  const rt = asDecimal(r.type);
  if (lt === undefined || rt === undefined) return undefined;
  const a = decimalParts(lt)!;
  const b = decimalParts(rt)!;
  let p: number;
  let s: number;
  switch (op) {
    case '+':
    case '-':
      s = Math.max(a.scale, b.scale);
      p = Math.max(a.precision - a.scale, b.precision - b.scale) + s + 1;
      break;
    case '*':
      s = a.scale + b.scale;
      p = a.precision + b.precision + 1;
      break;
    case '/':
      s = Math.max(6, a.scale + b.precision + 1);
      p = a.precision - a.scale + b.scale + s;
      break;
    case '%':
      s = Math.max(a.scale, b.scale);
      p = Math.min(a.precision - a.scale, b.precision - b.scale) + s;
      break;
  }
  if (s > MAX_DECIMAL_PRECISION) throw new SqlPlanError(`Decimal128(${p}, ${s}): the scale of '${op}' over Decimal128(${a.precision}, ${a.scale}) and Decimal128(${b.precision}, ${b.scale}) is over ${MAX_DECIMAL_PRECISION}`);
  const type = decimalType(Math.min(p, MAX_DECIMAL_PRECISION), s);
  const lc = isDecimalType(l.type) ? l : castTo(l, lt);
  const rc = isDecimalType(r.type) ? r : castTo(r, rt);
  return mapRows(type, [lc, rc], (x, y) => {
    const dx = x as Decimal;
    const dy = y as Decimal;
    switch (op) {
      case '+':
      case '-': {
        const u = dx.rescale(s).unscaled;
        const v = dy.rescale(s).unscaled;
        return checked(op === '+' ? u + v : u - v, s, `${dx} ${op} ${dy}`);
      }
      case '*':
        return checked(dx.unscaled * dy.unscaled, s, `${dx} * ${dy}`);
      case '/': {
        if (dy.unscaled === 0n) throw new SqlExecutionError('Arrow error: Divide by zero error');
        // x / y at scale s: x.u * 10^(s - sx + sy) / y.u
        const shift = s - dx.scale + dy.scale;
        const num = shift >= 0 ? dx.unscaled * 10n ** BigInt(shift) : dx.unscaled / 10n ** BigInt(-shift);
        return checked(num / dy.unscaled, s, `${dx} / ${dy}`);
      }
      case '%': {
        if (dy.unscaled === 0n) throw new SqlExecutionError('Arrow error: Divide by zero error');
        const u = dx.rescale(s).unscaled;
        const v = dy.rescale(s).unscaled;
        return new Decimal(u % v, s);
      }
    }
  });
}

/** `-d`. */
export function negateDecimal(v: Decimal): Decimal {
  return new Decimal(-v.unscaled, v.scale);
}

/** ceil / floor of a decimal, keeping its type (the result must still fit the precision). */
export function roundDecimal(v: Decimal, mode: 'ceil' | 'floor' | 'round', scale = v.scale): Decimal {
  if (v.scale === 0) return v;
  const unit = 10n ** BigInt(v.scale);
  let q = v.unscaled / unit; // toward zero
  const r = v.unscaled % unit;
  if (r !== 0n) {
    if (mode === 'ceil' && r > 0n) q += 1n;
    if (mode === 'floor' && r < 0n) q -= 1n;
    if (mode === 'round') q = divRound(v.unscaled, unit);
  }
  return new Decimal(q * 10n ** BigInt(scale), scale);
}
