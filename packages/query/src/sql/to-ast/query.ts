import type { CstNode } from 'chevrotain';
import type { Expr, Pos } from '../ast/expr.js';
import type { FromSource, OrderKey, Query, SelectCore, SelectItem } from '../ast/query.js';
import { type Children, has, identifierText, integerOf, node, nodes, posOf, firstToken, token, tokens } from './cst.js';
import { toExpr } from './expr.js';
import { finishRangeSelect, toAlign, withAlignFill } from './range.js';
import { SqlSyntaxError } from '../errors.js';

export function toQuery(n: CstNode): Query {
  const c = n.children as Children;
  const limitTok = token(c, 'limit');
  const afterComma = token(c, 'limitAfterComma');
  const offsetTok = token(c, 'offset');
  // MySQL `LIMIT offset, count`.
  const limit = afterComma ? integerOf(afterComma, 'LIMIT') : limitTok ? integerOf(limitTok, 'LIMIT') : undefined;
  const offset = afterComma ? integerOf(limitTok!, 'OFFSET') : offsetTok ? integerOf(offsetTok, 'OFFSET') : undefined;
  const order = node(c, 'orderByClause');
  const cores = nodes(c, 'selectCore').map(toSelectCore);
  // A range query's ORDER BY names its range calls as the select list does (with the ALIGN clause's FILL).
  const align = cores.length === 1 ? cores[0]!.align : undefined;
  const orderKey = (o: CstNode): OrderKey => {
    const k = toOrderKey(o);
    return align ? { ...k, expr: withAlignFill(k.expr, align) } : k;
  };
  // UNION ALL / UNION in source order (each UNION token is followed by ALL, DISTINCT or neither).
  const unionAt = (label: string) => tokens(c, label).map((t) => t.startOffset);
  const alls = unionAt('unionAll');
  const unions = tokens(c, 'Union').map((u, i, us) => {
    const next = us[i + 1]?.startOffset ?? Infinity;
    return alls.some((a) => a > u.startOffset && a < next) ? ('all' as const) : ('distinct' as const);
  });
  return {
    kind: 'query',
    ...(unions.some((u) => u === 'distinct') ? { unions } : {}),
    with: nodes(c, 'cte').map((cte) => {
      const cc = cte.children as Children;
      const columns = nodes(cc, 'cteColumns').map(identifierText);
      return { name: identifierText(node(cc, 'identifier')!), query: toQuery(node(cc, 'query')!), ...(columns.length > 0 ? { columns } : {}) };
    }),
    cores,
    orderBy: order ? nodes(order.children as Children, 'orderItem').map(orderKey) : [],
    ...(limit !== undefined ? { limit } : {}),
    ...(offset !== undefined ? { offset } : {}),
    ...(node(c, 'limitExpr') ? { limitExpr: toExpr(node(c, 'limitExpr')!) } : {}),
    ...(node(c, 'offsetExpr') ? { offsetExpr: toExpr(node(c, 'offsetExpr')!) } : {}),
  };
}

export function toOrderKey(n: CstNode): OrderKey {
  const c = n.children as Children;
  const key: OrderKey = { expr: toExpr(node(c, 'expression')!), descending: has(c, 'Desc') };
  if (has(c, 'Nulls')) return { ...key, nullsFirst: has(c, 'First') };
  return key;
}

function toSelectCore(n: CstNode): SelectCore {
  const c = n.children as Children;
  const from = node(c, 'fromClause');
  const where = node(c, 'where');
  const having = node(c, 'having');
  const align = node(c, 'alignClause');
  return finishRangeSelect({
    kind: 'select_core',
    distinct: has(c, 'Distinct'),
    items: nodes(c, 'selectItem').map(toSelectItem),
    ...(from ? { from: toFrom(from) } : {}),
    ...(where ? { where: toExpr(where) } : {}),
    groupBy: nodes(c, 'groupBy').map(toExpr),
    ...(having ? { having: toExpr(having) } : {}),
    ...(align ? { align: toAlign(align) } : {}),
  }, firstToken(n));
}

function toSelectItem(n: CstNode): SelectItem {
  const c = n.children as Children;
  if (has(c, 'qualifiedStar')) return { kind: 'star', table: identifierText(node(c, 'starTable')!) };
  if (has(c, 'Star')) return { kind: 'star' };
  const alias = node(c, 'alias');
  return { kind: 'expr', expr: toExpr(node(c, 'expression')!), ...(alias ? { alias: identifierText(alias) } : {}) };
}

function toFrom(n: CstNode): FromSource {
  const c = n.children as Children;
  let src = toTableRef(node(c, 'tableRef')!);
  for (const j of nodes(c, 'joinClause')) {
    const jc = j.children as Children;
    const right = toTableRef(node(jc, 'tableRef')!);
    const onNode = node(jc, 'expression');
    const using = nodes(jc, 'usingColumns').map(identifierText);
    const cross = has(jc, 'commaJoin') || has(jc, 'Cross');
    const at = posOf(firstToken(j));
    if (cross && (onNode || using.length > 0)) throw new SqlSyntaxError(at.line, at.column, 'a CROSS JOIN takes no ON or USING condition');
    const natural = has(jc, 'natural');
    if (natural && (onNode || using.length > 0)) throw new SqlSyntaxError(at.line, at.column, 'a NATURAL JOIN takes no ON or USING condition');
    if (!cross && !natural && !onNode && using.length === 0) throw new SqlSyntaxError(at.line, at.column, 'JOIN needs an ON or USING condition (or write CROSS JOIN)');
    const joinType = has(jc, 'Left') ? 'left' : has(jc, 'Right') ? 'right' : has(jc, 'Full') ? 'full' : 'inner';
    if (cross) {
      src = { kind: 'join', joinType: 'cross', left: src, right };
      continue;
    }
    const on: Expr = onNode ? toExpr(onNode) : natural ? { kind: 'literal', value: true } : usingCondition(using, sourceName(src), sourceName(right), at);
    src = { kind: 'join', joinType, left: src, right, on, ...(using.length > 0 ? { using } : {}), ...(natural ? { natural: true as const } : {}) };
  }
  return src;
}

/** The name a FROM item's columns are qualified with (for USING's equalities). */
function sourceName(s: FromSource): string | undefined {
  return s.kind === 'table' ? (s.alias ?? s.name) : s.kind === 'subquery' ? s.alias : undefined;
}

/** `USING (a, b)` as `l.a = r.a AND l.b = r.b` (each side named when it can be: a join on the left names its columns itself). */
function usingCondition(columns: readonly string[], left: string | undefined, right: string | undefined, at: Pos): Expr {
  const col = (table: string | undefined, name: string): Expr => ({ kind: 'column', name, pos: at, ...(table !== undefined ? { table } : {}) });
  return columns
    .map((c): Expr => ({ kind: 'binary', op: '=', left: col(left, c), right: col(right, c) }))
    .reduce((a, b) => ({ kind: 'binary', op: 'and', left: a, right: b }));
}

function toTableRef(n: CstNode): FromSource {
  const c = n.children as Children;
  const aliasNode = node(c, 'alias');
  const columns = nodes(c, 'aliasColumns').map(identifierText);
  const alias = aliasNode ? { alias: identifierText(aliasNode), ...(columns.length > 0 ? { columns } : {}) } : {};
  const q = node(c, 'query');
  if (q) return { kind: 'subquery', query: toQuery(q), ...alias };
  const t = toTableName(node(c, 'tableName')!);
  return { kind: 'table', ...t, ...alias };
}

export function toTableName(n: CstNode): { db?: string; name: string; pos: { line: number; column: number } } {
  const parts = nodes(n.children as Children, 'identifier').map(identifierText);
  const pos = posOf(firstToken(n));
  const name = parts[parts.length - 1]!;
  // `catalog.db.table` (GreptimeDB's `greptime.public.t`) and `db.table`.
  return parts.length >= 2 ? { db: parts[parts.length - 2], name, pos } : { name, pos };
}
