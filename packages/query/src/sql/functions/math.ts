import { isIntType, type SqlValue } from '../types/sql-value.js';
import { mapRows } from '../expr/compiled.js';
import { castTo } from '../expr/coerce.js';
import { expectNumeric, type ScalarFunction } from './function.js';
import { checkPrecision, Decimal, decimalParts, decimalType, divRound } from '../types/decimal.js';
import { roundDecimal } from '../expr/decimal-arith.js';

function unaryFloat(name: string, f: (x: number) => number): ScalarFunction {
  return {
    name, signature: `${name}(x)`, minArgs: 1, maxArgs: 1,
    bind: ([x]) => {
      expectNumeric(name, x!.type);
      return mapRows('float64', [x!], (v) => f(Number(v)));
    },
  };
}

/** Keeps integer type for integer input in abs; floor and ceil of integers are Float64, as in DataFusion. */
function keepType(name: string, f: (x: number) => number): ScalarFunction {
  return {
    name, signature: `${name}(x)`, minArgs: 1, maxArgs: 1,
    bind: ([x]) => {
      expectNumeric(name, x!.type);
      if (isIntType(x!.type) && name === 'abs') return mapRows('int64', [x!], (v) => (typeof v === 'bigint' ? (v < 0n ? -v : v) : f(v as number)));
      const dec = decimalParts(x!.type);
      if (dec) {
        return mapRows(x!.type, [x!], (v) => {
          const d = v as Decimal;
          if (name === 'abs') return d.unscaled < 0n ? new Decimal(-d.unscaled, d.scale) : d;
          if (name === 'ceil' || name === 'floor') return checkPrecision(roundDecimal(d, name), dec.precision);
          return f(Number(v));
        });
      }
      return mapRows('float64', [x!], (v) => f(Number(v)));
    },
  };
}

const round: ScalarFunction = {
  name: 'round', signature: 'round(x[, digits])', minArgs: 1, maxArgs: 2,
  bind: ([x, d]) => {
    expectNumeric('round', x!.type);
    if (d) expectNumeric('round', d.type, 'digits');
    const dec = decimalParts(x!.type);
    if (dec && (!d || (d.constant && d.constant.value !== null))) {
      // A decimal rounds half away from zero to `digits` places (default 0), exactly.
      const digits = d ? Number(d.constant!.value) : 0;
      const scale = Math.max(0, Math.min(dec.scale, digits));
      return mapRows(decimalType(dec.precision, scale), [x!], (v) => {
        const x0 = (v as Decimal).rescale(scale);
        if (digits >= 0) return x0;
        const k = 10n ** BigInt(-digits);
        return new Decimal(divRound(x0.unscaled, k) * k, 0);
      });
    }
    const args = d ? [castTo(x!, 'float64'), d] : [castTo(x!, 'float64')];
    return mapRows('float64', args, (v: SqlValue, digits?: SqlValue) => {
      const k = 10 ** Number(digits ?? 0);
      const n = Number(v) * k;
      return (Math.sign(n) * Math.round(Math.abs(n))) / k;
    });
  },
};

const power: ScalarFunction = {
  name: 'power', signature: 'power(x, y)', minArgs: 2, maxArgs: 2,
  bind: ([x, y]) => {
    expectNumeric('power', x!.type);
    expectNumeric('power', y!.type);
    return mapRows('float64', [x!, y!], (a, b) => Number(a) ** Number(b));
  },
};

export const MATH_FUNCTIONS: readonly ScalarFunction[] = [
  keepType('abs', Math.abs),
  keepType('floor', Math.floor),
  keepType('ceil', Math.ceil),
  keepType('ceiling', Math.ceil),
  round,
  power,
  { ...power, name: 'pow', signature: 'pow(x, y)' },
  unaryFloat('sqrt', Math.sqrt),
  unaryFloat('ln', Math.log),
  unaryFloat('log10', Math.log10),
  unaryFloat('log2', Math.log2),
  unaryFloat('exp', Math.exp),
  unaryFloat('signum', Math.sign),
];
