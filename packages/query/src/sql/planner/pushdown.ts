import type { ColumnDef, Predicate, PredicateOp, TableInfo } from '@sluice/storage';
import type { Expr } from '../ast/expr.js';
import { compileExpr } from '../expr/compile.js';
import type { Compiled } from '../expr/compiled.js';
import { unify } from '../expr/coerce.js';
import type { EvalContext } from '../expr/relation.js';
import { isNumericType, isTimestampType, nsPer, type SqlValue } from '../types/sql-value.js';
import { conjuncts } from '../expr/walk.js';
import { fulltextPredicates } from './fulltext-pushdown.js';
import { parseFulltextQuery } from '../expr/fulltext.js';

const MIRROR: Record<string, PredicateOp> = { '=': '=', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/** The table column a reference names, if it is a plain column of this scan. */
function columnOf(e: Expr, table: TableInfo, qualifier: string): ColumnDef | undefined {
  if (e.kind !== 'column') return undefined;
  if (e.table !== undefined && e.table !== qualifier) return undefined;
  return table.columns.find((c) => c.name === e.name) ?? table.columns.find((c) => c.name.toLowerCase() === e.name.toLowerCase());
}

/** A row-independent value, or undefined when the expression reads columns or fails to fold. */
function constantOf(e: Expr, ctx: EvalContext): Compiled | undefined {
  try {
    const c = compileExpr(e, { fields: [], ctx });
    return c.constant ? c : undefined;
  } catch {
    return undefined;
  }
}

/** The constant in the column's stored form (numbers, strings, booleans, timestamps in the column's unit). */
function storedValue(col: ColumnDef, k: Compiled, ctx: EvalContext): SqlValue | undefined {
  const colC: Compiled = { type: col.type, eval: () => [] };
  const [, r] = unify(colC, k, ctx.timezone);
  if (!r.constant) return undefined;
  const v = r.constant.value;
  if (v === null) return undefined;
  if (isTimestampType(col.type)) return r.type === col.type && typeof v === 'bigint' ? v : undefined;
  if (isNumericType(col.type)) return typeof v === 'number' || typeof v === 'bigint' ? v : undefined;
  if (col.type === 'string') return typeof v === 'string' ? v : undefined;
  if (col.type === 'boolean') return typeof v === 'boolean' ? v : undefined;
  return undefined;
}

/** What a store accepts beyond the basic predicates (`Store.pushdownMatches`). */
export interface PushdownOptions {
  readonly matches?: boolean | undefined;
}

function toPredicate(e: Expr, table: TableInfo, qualifier: string, ctx: EvalContext, o: PushdownOptions = {}): Predicate[] | undefined {
  // A store that runs whole full-text queries gets `matches` as one predicate (below); otherwise the
  // forms every store handles (single words AND-ed, `matches_term`, `@@`) become `word`/`term` predicates.
  if (!(o.matches && e.kind === 'function' && e.name === 'matches')) {
    const fulltext = fulltextPredicates(e, table, qualifier, ctx);
    if (fulltext) return fulltext;
  }
  switch (e.kind) {
    case 'function': {
      // `matches(col, 'query')` on a string column, for a store that runs full-text queries itself.
      if (!o.matches || e.name !== 'matches' || e.args.length !== 2 || e.over || e.distinct) return undefined;
      const col = columnOf(e.args[0]!, table, qualifier);
      if (!col || col.type !== 'string') return undefined;
      const q = constantOf(e.args[1]!, ctx)?.constant?.value;
      if (typeof q !== 'string') return undefined;
      parseFulltextQuery(q); // the same error as when the engine evaluates it
      return [{ column: col.name, op: 'matches', value: q }];
    }
    case 'binary': {
      const op = MIRROR[e.op];
      if (!op) return undefined;
      let col = columnOf(e.left, table, qualifier);
      let other = e.right;
      let pop = e.op as PredicateOp;
      if (!col) {
        col = columnOf(e.right, table, qualifier);
        other = e.left;
        pop = op;
      }
      if (!col) return undefined;
      const k = constantOf(other, ctx);
      const v = k && storedValue(col, k, ctx);
      return v === undefined ? undefined : [{ column: col.name, op: pop, value: v as never }];
    }
    case 'between': {
      if (e.negated) return undefined;
      const lo = toPredicate({ kind: 'binary', op: '>=', left: e.operand, right: e.low }, table, qualifier, ctx);
      const hi = toPredicate({ kind: 'binary', op: '<=', left: e.operand, right: e.high }, table, qualifier, ctx);
      return lo && hi ? [...lo, ...hi] : undefined;
    }
    case 'in_list': {
      const col = columnOf(e.operand, table, qualifier);
      if (!col) return undefined;
      const vals: SqlValue[] = [];
      for (const item of e.list) {
        const k = constantOf(item, ctx);
        const v = k && storedValue(col, k, ctx);
        if (v === undefined) return undefined;
        vals.push(v);
      }
      return [{ column: col.name, op: e.negated ? 'not_in' : 'in', value: vals as never }];
    }
    case 'like': {
      // `col LIKE '%text%'` (no other wildcard or escape) is a substring test the store runs on its bytes.
      const col = columnOf(e.operand, table, qualifier);
      if (!col || col.type !== 'string' || e.negated || e.caseInsensitive) return undefined;
      const k = constantOf(e.pattern, ctx);
      const pat = k?.constant?.value;
      if (typeof pat !== 'string' || !/^%[^%_\\]*%$/.test(pat)) return undefined;
      return [{ column: col.name, op: 'contains', value: pat.slice(1, -1) }];
    }
    case 'is_null': {
      const col = columnOf(e.operand, table, qualifier);
      return col ? [{ column: col.name, op: e.negated ? 'is_not_null' : 'is_null' }] : undefined;
    }
    default:
      return undefined;
  }
}

export interface TimeRange {
  startNs?: bigint;
  endNs?: bigint;
}

/**
 * Moves comparisons of the time index with a constant into a nanosecond range (start inclusive, end
 * exclusive), which the store turns into a key range; the other predicates stay.
 */
function extractTimeRange(predicates: Predicate[], table: TableInfo): { predicates: Predicate[]; timeRange?: TimeRange } {
  const ti = table.columns.find((c) => c.name === table.timeIndex);
  if (!ti) return { predicates };
  const unit = nsPer(ti.type);
  const range: TimeRange = {};
  const raise = (ns: bigint) => void (range.startNs === undefined || ns > range.startNs ? (range.startNs = ns) : undefined);
  const lower = (ns: bigint) => void (range.endNs === undefined || ns < range.endNs ? (range.endNs = ns) : undefined);
  const rest: Predicate[] = [];
  for (const p of predicates) {
    if (p.column !== table.timeIndex || typeof p.value !== 'bigint') {
      rest.push(p);
      continue;
    }
    const v = p.value * unit;
    switch (p.op) {
      case '=': raise(v); lower(v + unit); break;
      case '>=': raise(v); break;
      case '>': raise(v + unit); break;
      case '<=': lower(v + unit); break;
      case '<': lower(v); break;
      default: rest.push(p);
    }
  }
  return range.startNs === undefined && range.endNs === undefined ? { predicates: rest } : { predicates: rest, timeRange: range };
}

/** Splits a WHERE clause into a time range and predicates the store applies exactly, and the conjuncts left to filter. */
export function pushDown(where: Expr | undefined, table: TableInfo, qualifier: string, ctx: EvalContext, o?: PushdownOptions): { predicates: Predicate[]; timeRange?: TimeRange; rest: Expr[] } {
  const predicates: Predicate[] = [];
  const rest: Expr[] = [];
  for (const c of conjuncts(where)) {
    const p = toPredicate(c, table, qualifier, ctx, o);
    if (p) predicates.push(...p);
    else rest.push(c);
  }
  return { ...extractTimeRange(predicates, table), rest };
}
