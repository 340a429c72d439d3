import type { ColumnExpr, Expr, FunctionExpr } from '../ast/expr.js';
import type { OrderKey, SelectCore } from '../ast/query.js';
import { mapExpr } from '../expr/map-expr.js';
import type { Field } from '../expr/relation.js';
import type { SqlType } from '../types/sql-value.js';

/**
 * GreptimeDB's field access on JSON columns: `j.a.b` (or `t.j.a.b`) where `j` is a JSON column and
 * no column is named by the reference reads the path `a.b` of `j` — it plans as `json_get(j, 'a.b')`,
 * and is named so. Next to a number or boolean literal in arithmetic or a comparison the access takes
 * that literal's type (`json_get(j, 'a.b', Int64(NULL)) + Int64(1)`), as GreptimeDB's planner does.
 */
export function withJsonPathAccess(core: SelectCore, order: readonly OrderKey[], fields: readonly Field[]): { core: SelectCore; order: readonly OrderKey[] } {
  if (!fields.some((f) => f.type === 'json')) return { core, order };
  const map = (e: Expr): Expr => mapExpr(e, (x) => rewrite(x, fields));
  return {
    core: {
      ...core,
      items: core.items.map((i) => (i.kind === 'expr' ? { ...i, expr: map(i.expr) } : i)),
      ...(core.where ? { where: map(core.where) } : {}),
      groupBy: core.groupBy.map(map),
      ...(core.having ? { having: map(core.having) } : {}),
    },
    order: order.map((k) => ({ ...k, expr: map(k.expr) })),
  };
}

const ARITHMETIC_OR_COMPARISON = new Set(['+', '-', '*', '/', '%', '=', '!=', '<', '<=', '>', '>=']);

function rewrite(e: Expr, fields: readonly Field[]): Expr {
  if (e.kind === 'column') return pathAccess(e, fields) ?? e;
  if (e.kind === 'binary' && ARITHMETIC_OR_COMPARISON.has(e.op)) {
    const left = typed(e.left, e.right);
    const right = typed(e.right, e.left);
    if (left !== e.left || right !== e.right) return { ...e, left, right };
  }
  return e;
}

/** A path access next to a number or boolean literal, given that literal's type. */
function typed(access: Expr, other: Expr): Expr {
  if (access.kind !== 'function' || !isPathAccess(access) || other.kind !== 'literal') return access;
  const v = other.value;
  const type: SqlType | undefined = typeof v === 'boolean' ? 'boolean' : typeof v === 'bigint' ? 'int64' : typeof v === 'number' ? (Number.isInteger(v) && !(other.text !== undefined && /[.eE]/.test(other.text)) ? 'int64' : 'float64') : undefined;
  if (type === undefined) return access;
  return { ...access, args: [...access.args, { kind: 'value', value: null, type }] };
}

const ACCESS = new WeakSet<FunctionExpr>();
const isPathAccess = (f: FunctionExpr): boolean => ACCESS.has(f) && f.args.length === 2;

function sameName(a: string, b: string): boolean {
  return a === b || a.toLowerCase() === b.toLowerCase();
}

/** `json_get(column, 'path')` for a reference that names no column but starts with a JSON column. */
function pathAccess(e: ColumnExpr, fields: readonly Field[]): FunctionExpr | undefined {
  const names = e.parts ?? (e.table !== undefined ? [e.table, e.name] : [e.name]);
  if (names.length < 2) return undefined;
  const named = (f: Field) => sameName(f.name, e.name) && (e.table === undefined || f.qualifier === e.table);
  if (fields.some(named)) return undefined;
  const json = (f: Field) => f.type === 'json';
  let column: ColumnExpr | undefined;
  let path: readonly string[] = [];
  if (names.length >= 3 && fields.some((f) => json(f) && f.qualifier === names[0] && sameName(f.name, names[1]!))) {
    column = { kind: 'column', table: names[0], name: names[1]!, pos: e.pos };
    path = names.slice(2);
  } else if (fields.some((f) => json(f) && sameName(f.name, names[0]!))) {
    column = { kind: 'column', name: names[0]!, pos: e.pos };
    path = names.slice(1);
  }
  if (column === undefined) return undefined;
  const call: FunctionExpr = { kind: 'function', name: 'json_get', args: [column, { kind: 'literal', value: path.join('.') }], distinct: false, pos: e.pos };
  ACCESS.add(call);
  return call;
}
