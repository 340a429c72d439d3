import type { Expr, ExprKind } from '../ast/expr.js';
import { SqlInvalidArgumentError, SqlPlanError, SqlUnsupportedError } from '../errors.js';
import { isAggregateName } from '../aggregates/registry.js';
import { SCALAR_FUNCTIONS } from '../functions/registry.js';
import { castValue } from '../types/cast.js';
import { castJsonValue } from '../types/json-cast.js';
import { keyOf } from '../types/compare.js';
import { Interval, isNumericType, typeOfLiteral, type SqlValue } from '../types/sql-value.js';
import { requireTimestampText } from '../types/timestamp-text.js';
import { compileBinary } from './binary.js';
import { constant, mapRows, type Compiled } from './compiled.js';
import { castTo, unify } from './coerce.js';
import { negateDecimal } from './decimal-arith.js';
import { Decimal } from '../types/decimal.js';
import { likeMatcher } from './like.js';
import { exprText } from './print.js';
import type { Batch } from './relation.js';
import { resolveColumn, type Scope } from './scope.js';

type Compilers = { [K in ExprKind]: (e: Extract<Expr, { kind: K }>, scope: Scope) => Compiled };

const COMPILERS: Compilers = {
  literal: (e) => constant(e.value, e.text !== undefined && /[.eE]/.test(e.text) ? 'float64' : typeOfLiteral(e.value)),
  interval: (e) => constant(new Interval(e.ns, e.months ?? 0), 'interval'),
  timestamp_literal: (e, s) => {
    const ns = requireTimestampText(e.text, s.ctx.timezone);
    return ns % 1_000_000n === 0n ? constant(ns / 1_000_000n, 'timestamp_ms') : constant(ns, 'timestamp_ns');
  },
  column: (e, s) => {
    const i = resolveColumn(s, e);
    return { type: s.fields[i]!.type, eval: (b: Batch) => b.columns[i]! };
  },
  star: () => {
    throw new SqlPlanError("'*' is only allowed in a select list or count(*)");
  },
  unary: (e, s) => {
    const x = compileExpr(e.operand, s);
    if (e.op === 'not') {
      if (x.type !== 'boolean' && x.type !== 'null') throw new SqlPlanError(`NOT needs a boolean operand, got ${x.type}`);
      return mapRows('boolean', [x], (v) => !v);
    }
    if (x.type === 'interval') return mapRows('interval', [x], (v) => new Interval(-(v as Interval).ns, -(v as Interval).months));
    if (!isNumericType(x.type) && x.type !== 'null') throw new SqlPlanError(`cannot negate a ${x.type}`);
    return mapRows(x.type === 'null' ? 'null' : x.type, [x], (v) => (typeof v === 'bigint' ? -v : v instanceof Decimal ? negateDecimal(v) : -(v as number)));
  },
  binary: (e, s) => compileBinary(e, s, compileExpr),
  between: (e, s) => {
    const inner = compileExpr(
      { kind: 'binary', op: 'and', left: { kind: 'binary', op: '>=', left: e.operand, right: e.low }, right: { kind: 'binary', op: '<=', left: e.operand, right: e.high } },
      s,
    );
    return e.negated ? mapRows('boolean', [inner], (v) => !v) : inner;
  },
  in_list: (e, s) => {
    const x = compileExpr(e.operand, s);
    const items = e.list.map((i) => unify(x, compileExpr(i, s), s.ctx.timezone)[1]);
    if (items.every((i) => i.constant)) {
      const keys = new Set<string>();
      let hasNull = false;
      for (const i of items) {
        const v = i.constant!.value;
        if (v === null) hasNull = true;
        else keys.add(keyOf(typeof v === 'bigint' && v >= -(2n ** 53n) && v <= 2n ** 53n ? Number(v) : v));
      }
      return mapRows('boolean', [x], (v) => {
        const hit = keys.has(keyOf(typeof v === 'bigint' && v >= -(2n ** 53n) && v <= 2n ** 53n ? Number(v) : v));
        if (hit) return !e.negated;
        return hasNull ? null : e.negated;
      });
    }
    const ors = e.list.map((i): Expr => ({ kind: 'binary', op: '=', left: e.operand, right: i })).reduce((a, b) => ({ kind: 'binary', op: 'or', left: a, right: b }));
    const c = compileExpr(ors, s);
    return e.negated ? mapRows('boolean', [c], (v) => !v) : c;
  },
  like: (e, s) => {
    const x = castTo(compileExpr(e.operand, s), 'string');
    const p = compileExpr(e.pattern, s);
    if (p.constant) {
      if (p.constant.value === null) return constant(null, 'boolean');
      const m = likeMatcher(String(p.constant.value), e.caseInsensitive);
      return mapRows('boolean', [x], (v) => m(v as string) !== e.negated);
    }
    return mapRows('boolean', [x, castTo(p, 'string')], (v, pat) => likeMatcher(pat as string, e.caseInsensitive)(v as string) !== e.negated);
  },
  is_null: (e, s) => {
    const x = compileExpr(e.operand, s);
    return mapRows('boolean', [x], (v) => (v === null) !== e.negated, true);
  },
  function: (e, s) => {
    if (e.over) throw new SqlPlanError(`window function ${exprText(e)} is only allowed in the select list and ORDER BY`);
    if (e.range) throw new SqlPlanError(`${exprText(e)} is only allowed in the select list of a range query (SELECT ... ALIGN)`);
    if (isAggregateName(e.name)) {
      throw new SqlPlanError(`aggregate function ${e.name}() is not allowed here (${exprText(e)} at line ${e.pos.line}, column ${e.pos.column})`);
    }
    const fn = SCALAR_FUNCTIONS.get(e.name);
    if (!fn) throw new SqlPlanError(`unknown function '${e.name}' at line ${e.pos.line}, column ${e.pos.column}`);
    if (e.args.length < fn.minArgs || e.args.length > fn.maxArgs) {
      throw new SqlPlanError(`${e.name}() takes ${fn.minArgs === fn.maxArgs ? fn.minArgs : `${fn.minArgs} to ${fn.maxArgs === Infinity ? 'any number of' : fn.maxArgs}`} arguments, got ${e.args.length}: ${fn.signature}`);
    }
    return fn.bind(e.args.map((a) => compileExpr(a, s)), s.ctx);
  },
  case: (e, s) => {
    const operand = e.operand ? compileExpr(e.operand, s) : undefined;
    const whens = e.whens.map((w) => {
      let cond = compileExpr(w.when, s);
      if (operand) {
        const [l, r] = unify(operand, cond, s.ctx.timezone);
        cond = mapRows('boolean', [l, r], (a, b) => keyOf(a) === keyOf(b));
      }
      return { cond, then: compileExpr(w.then, s) };
    });
    const otherwise = e.otherwise ? compileExpr(e.otherwise, s) : constant(null, 'null');
    const type = [...whens.map((w) => w.then.type), otherwise.type].find((t) => t !== 'null') ?? 'null';
    // Lazy like DataFusion's: each branch is evaluated only on the rows that reach it, so a branch
    // that would fail on other rows (`CASE WHEN ip LIKE '%:%' THEN ipv6_to_cidr(ip) ...`) does not.
    return {
      type,
      eval: (b: Batch) => {
        const out = new Array<SqlValue>(b.length);
        let rows: number[] | undefined; // undefined: every row of b
        for (const w of whens) {
          const sub = rowsOf(b, rows);
          if (sub.length === 0) return out;
          const cond = w.cond.eval(sub);
          const hit: number[] = [];
          const miss: number[] = [];
          for (let k = 0; k < sub.length; k++) (cond[k] === true ? hit : miss).push(rows ? rows[k]! : k);
          if (hit.length > 0) {
            const vals = w.then.eval(rowsOf(b, hit.length === b.length ? undefined : hit));
            for (let k = 0; k < hit.length; k++) out[hit[k]!] = vals[k]!;
          }
          rows = miss;
        }
        const rest = rowsOf(b, rows);
        if (rest.length > 0) {
          const vals = otherwise.eval(rest);
          for (let k = 0; k < rest.length; k++) out[rows ? rows[k]! : k] = vals[k]!;
        }
        return out;
      },
    };
  },
  cast: (e, s) => {
    const x = compileExpr(e.operand, s);
    if (x.type === 'interval') throw new SqlInvalidArgumentError(`cannot cast an interval to ${e.typeText}`);
    const cast = x.type === 'json' ? (v: SqlValue) => castJsonValue(v, e.type, s.ctx.timezone) : (v: SqlValue) => castValue(v, x.type, e.type, s.ctx.timezone);
    if (!e.try) return mapRows(e.type, [x], cast);
    return mapRows(e.type, [x], (v) => {
      try {
        return cast(v);
      } catch {
        return null;
      }
    });
  },
  value: (e) => constant(e.value, e.type),
  in_subquery: (e) => {
    throw new SqlUnsupportedError(`IN (subquery) is not supported here (line ${e.pos.line}, column ${e.pos.column}); it works in SELECT, WHERE and HAVING`);
  },
  subquery: (e) => {
    throw new SqlUnsupportedError(`a subquery is not supported here (line ${e.pos.line}, column ${e.pos.column}); it works in SELECT, WHERE and HAVING`);
  },
};

/** The rows `rows` of a batch (all of it when undefined); a column is copied when first read. */
function rowsOf(b: Batch, rows: readonly number[] | undefined): Batch {
  if (rows === undefined) return b;
  const columns: (readonly SqlValue[])[] = new Array<readonly SqlValue[]>(b.columns.length);
  const copies: (readonly SqlValue[] | undefined)[] = new Array<readonly SqlValue[] | undefined>(b.columns.length);
  for (let i = 0; i < b.columns.length; i++) {
    Object.defineProperty(columns, i, { enumerable: true, get: () => (copies[i] ??= rows.map((r) => b.columns[i]![r]!)) });
  }
  return { length: rows.length, columns };
}

/** Compiles an expression against a scope; group keys and aggregates are substituted by their text first. */
export function compileExpr(e: Expr, scope: Scope): Compiled {
  if (scope.substitutions && e.kind !== 'literal') {
    const i = scope.substitutions.get(exprText(e));
    if (i !== undefined) return { type: scope.fields[i]!.type, eval: (b: Batch) => b.columns[i]! };
  }
  return (COMPILERS[e.kind] as (x: Expr, s: Scope) => Compiled)(e, scope);
}

