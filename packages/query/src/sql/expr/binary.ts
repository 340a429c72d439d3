import type { BinaryExpr } from '../ast/expr.js';
import { SqlInvalidArgumentError, SqlPlanError } from '../errors.js';
import { compareValues } from '../types/compare.js';
import { Interval, isIntType, isNumericType, isTimestampType, nsPer, floorDiv, type SqlType, type SqlValue } from '../types/sql-value.js';
import { constant, mapRows, type Compiled } from './compiled.js';
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
            out[i] = v === null ? null : typeof v === 'number' || typeof v === 'bigint' ? test(v < k ? -1 : v > k ? 1 : 0) : test(compareValues(v, k));
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

function arithmetic(op: '+' | '-' | '*' | '/' | '%', l: Compiled, r: Compiled): Compiled {
  const lt = l.type;
  const rt = r.type;
  if (lt === 'null' || rt === 'null') return constant(null, lt === 'null' ? rt : lt);
  // Timestamps and intervals.
  if (isTimestampType(lt) && rt === 'interval' && (op === '+' || op === '-')) {
    const unit = nsPer(lt);
    return mapRows(lt, [l, r], (t, iv) => (t as bigint) + (op === '+' ? 1n : -1n) * floorDiv((iv as Interval).ns, unit));
  }
  if (lt === 'interval' && isTimestampType(rt) && op === '+') {
    const unit = nsPer(rt);
    return mapRows(rt, [l, r], (iv, t) => (t as bigint) + floorDiv((iv as Interval).ns, unit));
  }
  if (isTimestampType(lt) && isTimestampType(rt) && op === '-') {
    return mapRows('interval', [l, r], (a, b) => new Interval((a as bigint) * nsPer(lt) - (b as bigint) * nsPer(rt)));
  }
  if (lt === 'interval' && rt === 'interval' && (op === '+' || op === '-')) {
    return mapRows('interval', [l, r], (a, b) => new Interval(op === '+' ? (a as Interval).ns + (b as Interval).ns : (a as Interval).ns - (b as Interval).ns));
  }
  if (lt === 'interval' && isNumericType(rt) && (op === '*' || op === '/')) {
    return mapRows('interval', [l, r], (a, b) => {
      const ns = Number((a as Interval).ns);
      return new Interval(BigInt(Math.round(op === '*' ? ns * Number(b) : ns / Number(b))));
    });
  }
  const ln = lt === 'string' ? castTo(l, 'float64') : l;
  const rn = rt === 'string' ? castTo(r, 'float64') : r;
  if (!isNumericType(ln.type) || !isNumericType(rn.type)) {
    throw new SqlPlanError(`cannot apply '${op}' to ${lt} and ${rt}`);
  }
  if (isIntType(ln.type) && isIntType(rn.type)) return mapRows('int64', [ln, rn], intOp(op));
  return mapRows('float64', [ln, rn], floatOp(op));
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
          if (b === 0) throw new SqlInvalidArgumentError('Divide by zero error');
          v = Math.trunc(a / b);
          break;
        default:
          if (b === 0) throw new SqlInvalidArgumentError('Divide by zero error');
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
        if (y === 0n) throw new SqlInvalidArgumentError('Divide by zero error');
        v = x / y;
        break;
      default:
        if (y === 0n) throw new SqlInvalidArgumentError('Divide by zero error');
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
