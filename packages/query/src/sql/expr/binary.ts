import type { BinaryExpr } from '../ast/expr.js';
import { SqlExecutionError, SqlInvalidArgumentError, SqlPlanError } from '../errors.js';
import { compareValues } from '../types/compare.js';
import { addMonths, Interval, isIntType, isNumericType, isTimestampType, nsPer, floorDiv, type SqlType, type SqlValue } from '../types/sql-value.js';
import { constant, mapRows, type Compiled } from './compiled.js';
import { DAY_NS } from '../types/date.js';
import { decimalArithmetic } from './decimal-arith.js';
import { castTo, unify } from './coerce.js';
import { compileFulltext } from './fulltext.js';
import { compileMatchTerm } from './match-term.js';
import { exprText as exprTextOf } from './print.js';
import type { Batch } from './relation.js';
import type { Scope } from './scope.js';
import { regexCache } from './regex.js';
import { builtValue } from '../functions/function.js';

/** Comparable families of types; json and NULL compare with anything. */
function kindOfType(t: SqlType): string {
  if (t === 'null' || t === 'json') return 'any';
  if (isNumericType(t)) return 'number';
  if (isTimestampType(t)) return 'timestamp';
  return t;
}

type CompileFn = (e: import('../ast/expr.js').Expr, scope: Scope) => Compiled;

const TESTS: Record<string, (c: number) => boolean> = {
  '=': (c) => c === 0, '!=': (c) => c !== 0, '<': (c) => c < 0, '<=': (c) => c <= 0, '>': (c) => c > 0, '>=': (c) => c >= 0,
};

export function compileBinary(e: BinaryExpr, scope: Scope, compile: CompileFn): Compiled {
  const l = compile(e.left, scope);
  const r = compile(e.right, scope);
  switch (e.op) {
    case 'and':
    case 'or':
      return logic(e.op, l, r);
    case '=': case '!=': case '<': case '<=': case '>': case '>=': {
      const [a, b] = unify(l, r, scope.ctx.timezone);
      const ka = kindOfType(a.type);
      const kb = kindOfType(b.type);
      if (ka !== kb && ka !== 'any' && kb !== 'any') throw new SqlPlanError(`cannot compare ${a.type} with ${b.type} (${exprTextOf(e)})`);
      return comparison(e.op, a, b);
    }
    case '+': case '-': case '*': case '/': case '%':
      return arithmetic(e.op, l, r);
    case '||':
      return mapRows('string', [castTo(l, 'string'), castTo(r, 'string')], (a, b) => {
        builtValue(scope.ctx, '||', (a as string).length + (b as string).length);
        return (a as string) + (b as string);
      });
    case '~': case '~*': case '!~': case '!~*':
      return regexMatch(e.op, castTo(l, 'string'), castTo(r, 'string'));
    case '@@':
      return fulltextMatch(castTo(l, 'string'), r, '@@');
  }
}

function logic(op: 'and' | 'or', l: Compiled, r: Compiled): Compiled {
  for (const side of [l, r]) {
    if (side.type !== 'boolean' && side.type !== 'null') throw new SqlPlanError(`${op.toUpperCase()} needs boolean operands, got ${side.type}`);
  }
  const fn = op === 'and'
    ? (a: SqlValue, b: SqlValue) => (a === false || b === false ? false : a === null || b === null ? null : true)
    : (a: SqlValue, b: SqlValue) => (a === true || b === true ? true : a === null || b === null ? null : false);
  return mapRows('boolean', [l, r], fn, true);
}

function comparison(op: string, l: Compiled, r: Compiled): Compiled {
  const test = TESTS[op]!;
  if (r.constant && !l.constant) {
    const k = r.constant.value;
    if (k === null) return constant(null, 'boolean');
    const numeric = typeof k === 'number' || typeof k === 'bigint';
    return {
      type: 'boolean',
      eval: (b: Batch) => {
        const x = l.eval(b);
        const out = new Array<SqlValue>(b.length);
        if (numeric) {
          for (let i = 0; i < b.length; i++) {
            const v = x[i]!;
            out[i] = v === null ? null : typeof v === 'number' || typeof v === 'bigint' ? test(v < k ? -1 : v > k ? 1 : v === k ? 0 : compareValues(v, k)) : test(compareValues(v, k));
          }
        } else {
          for (let i = 0; i < b.length; i++) {
            const v = x[i]!;
            out[i] = v === null ? null : test(compareValues(v, k));
          }
        }
        return out;
      },
    };
  }
  return mapRows('boolean', [l, r], (a, b) => test(compareValues(a, b)));
}

export function arithmetic(op: '+' | '-' | '*' | '/' | '%', l: Compiled, r: Compiled): Compiled {
  const lt = l.type;
  const rt = r.type;
  if (lt === 'null' || rt === 'null') return constant(null, lt === 'null' ? rt : lt);
  // Timestamps and intervals.
  if (isTimestampType(lt) && rt === 'interval' && (op === '+' || op === '-')) {
    const unit = nsPer(lt);
    return mapRows(lt, [l, r], (t, iv) => shift(t as bigint, unit, iv as Interval, op === '+' ? 1 : -1));
  }
  if (lt === 'interval' && isTimestampType(rt) && op === '+') {
    const unit = nsPer(rt);
    return mapRows(rt, [l, r], (iv, t) => shift(t as bigint, unit, iv as Interval, 1));
  }
  // Dates (days): moved by an interval (the result truncated to its day), or subtracted (days, Int64).
  if (lt === 'date' && rt === 'interval' && (op === '+' || op === '-')) {
    return mapRows('date', [l, r], (d, iv) => Number(floorDiv(shift(BigInt(d as number) * DAY_NS, 1n, iv as Interval, op === '+' ? 1 : -1), DAY_NS)));
  }
  if (lt === 'interval' && rt === 'date' && op === '+') {
    return mapRows('date', [l, r], (iv, d) => Number(floorDiv(shift(BigInt(d as number) * DAY_NS, 1n, iv as Interval, 1), DAY_NS)));
  }
  if (lt === 'date' && rt === 'date' && op === '-') return mapRows('int64', [l, r], (a, b) => (a as number) - (b as number));
  if (lt === 'date' && rt === 'string' && op === '-') return arithmetic(op, l, castTo(r, 'date'));
  if (isTimestampType(lt) && isTimestampType(rt) && op === '-') {
    return mapRows('interval', [l, r], (a, b) => new Interval((a as bigint) * nsPer(lt) - (b as bigint) * nsPer(rt)));
  }
  if (lt === 'interval' && rt === 'interval' && (op === '+' || op === '-')) {
    return mapRows('interval', [l, r], (a, b) => {
      const x = a as Interval;
      const y = b as Interval;
      return op === '+' ? new Interval(x.ns + y.ns, x.months + y.months) : new Interval(x.ns - y.ns, x.months - y.months);
    });
  }
  if (lt === 'interval' && isNumericType(rt) && (op === '*' || op === '/')) {
    return mapRows('interval', [l, r], (a, b) => {
      const iv = a as Interval;
      const ns = Number(iv.ns);
      const months = op === '*' ? iv.months * Number(b) : iv.months / Number(b);
      if (!Number.isInteger(months)) throw new SqlExecutionError(`cannot ${op === '*' ? 'multiply' : 'divide'} ${iv.toString()} by ${String(b)}: months would not be whole`);
      return new Interval(BigInt(Math.round(op === '*' ? ns * Number(b) : ns / Number(b))), months);
    });
  }
  const exact = decimalArithmetic(op, l, r);
  if (exact) return exact;
  const ln = lt === 'string' ? castTo(l, 'float64') : l;
  const rn = rt === 'string' ? castTo(r, 'float64') : r;
  if (!isNumericType(ln.type) || !isNumericType(rn.type)) {
    throw new SqlPlanError(`cannot apply '${op}' to ${lt} and ${rt}`);
  }
  if (isIntType(ln.type) && isIntType(rn.type)) return mapRows('int64', [ln, rn], intOp(op));
  return mapRows('float64', [ln, rn], floatOp(op));
}

/** A timestamp (in `unit`s) moved by an interval: calendar months first (UTC), then the exact part. */
function shift(t: bigint, unit: bigint, iv: Interval, sign: 1 | -1): bigint {
  if (iv.months === 0) return t + BigInt(sign) * floorDiv(iv.ns, unit);
  const moved = addMonths(t * unit, sign * iv.months) + BigInt(sign) * iv.ns;
  return floorDiv(moved, unit);
}

function intOp(op: string): (a: SqlValue, b: SqlValue) => SqlValue {
  return (a, b) => {
    if (typeof a === 'number' && typeof b === 'number') {
      let v: number;
      switch (op) {
        case '+': v = a + b; break;
        case '-': v = a - b; break;
        case '*': v = a * b; break;
        case '/':
          if (b === 0) throw new SqlExecutionError('Divide by zero error');
          v = Math.trunc(a / b);
          break;
        default:
          if (b === 0) throw new SqlExecutionError('Divide by zero error');
          v = a % b;
      }
      if (Number.isSafeInteger(v)) return v;
    }
    const x = BigInt(a as number);
    const y = BigInt(b as number);
    let v: bigint;
    switch (op) {
      case '+': v = x + y; break;
      case '-': v = x - y; break;
      case '*': v = x * y; break;
      case '/':
        if (y === 0n) throw new SqlExecutionError('Divide by zero error');
        v = x / y;
        break;
      default:
        if (y === 0n) throw new SqlExecutionError('Divide by zero error');
        v = x % y;
    }
    return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
  };
}

function floatOp(op: string): (a: SqlValue, b: SqlValue) => SqlValue {
  return (a, b) => {
    const x = Number(a);
    const y = Number(b);
    switch (op) {
      case '+': return x + y;
      case '-': return x - y;
      case '*': return x * y;
      case '/': return x / y;
      default: return x % y;
    }
  };
}

function regexMatch(op: string, l: Compiled, r: Compiled): Compiled {
  const negate = op.startsWith('!');
  const flags = op.endsWith('*') ? 'i' : '';
  const get = regexCache(op);
  if (r.constant && typeof r.constant.value === 'string') get(r.constant.value, flags);
  return mapRows('boolean', [l, r], (s, p) => get(p as string, flags).test(s as string) !== negate);
}

/** `matches(col, 'query')`, `matches_term(col, 'term')` and `col @@ 'term'`: the query must be a constant string. */
export function fulltextMatch(text: Compiled, query: Compiled, fn: 'matches' | 'matches_term' | '@@'): Compiled {
  if (!query.constant || typeof query.constant.value !== 'string') {
    throw new SqlInvalidArgumentError(`${fn}: the query must be a string literal`);
  }
  const match = fn === 'matches' ? compileFulltext(query.constant.value) : compileMatchTerm(query.constant.value);
  return mapRows('boolean', [text], (s) => match(s as string));
}

export type { SqlType };
