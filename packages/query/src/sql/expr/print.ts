import type { Expr, ExprKind, FrameBound, RangeSpec, WindowSpec } from '../ast/expr.js';

function windowText(w: WindowSpec): string {
  const parts: string[] = [];
  if (w.partitionBy.length > 0) parts.push(`PARTITION BY ${w.partitionBy.map(exprText).join(', ')}`);
  if (w.orderBy.length > 0) parts.push(`ORDER BY ${w.orderBy.map((k) => `${exprText(k.expr)}${k.descending ? ' DESC' : ''}`).join(', ')}`);
  if (w.frame) parts.push(`${w.frame.units.toUpperCase()} BETWEEN ${boundText(w.frame.start)} AND ${boundText(w.frame.end)}`);
  return parts.join(' ');
}

function boundText(b: FrameBound): string {
  switch (b.kind) {
    case 'unbounded_preceding': return 'UNBOUNDED PRECEDING';
    case 'unbounded_following': return 'UNBOUNDED FOLLOWING';
    case 'current_row': return 'CURRENT ROW';
    case 'offset': return `${Math.abs(b.offset)} ${b.offset < 0 ? 'PRECEDING' : 'FOLLOWING'}`;
  }
}

function rangeText(r: RangeSpec): string {
  const d = r.duration.kind === 'text' ? `'${r.duration.text}'` : `(${exprText(r.duration.expr)})`;
  const f = r.fill === undefined ? '' : ` FILL ${r.fill.kind === 'const' ? r.fill.text : r.fill.kind.toUpperCase()}`;
  return ` RANGE ${d}${f}`;
}

type Printer = { [K in ExprKind]: (e: Extract<Expr, { kind: K }>) => string };

function lit(v: unknown): string {
  if (v === null) return 'NULL';
  if (typeof v === 'string') return `'${v.replace(/'/g, "''")}'`;
  return String(v);
}

function wrap(e: Expr): string {
  const s = exprText(e);
  return e.kind === 'binary' || e.kind === 'between' || e.kind === 'like' || e.kind === 'in_list' ? `(${s})` : s;
}

const PRINT: Printer = {
  literal: (e) => e.text ?? lit(e.value),
  interval: (e) => `INTERVAL '${e.text}'`,
  timestamp_literal: (e) => `TIMESTAMP '${e.text}'`,
  column: (e) => (e.table ? `${e.table}.${e.name}` : e.name),
  star: (e) => (e.table ? `${e.table}.*` : '*'),
  unary: (e) => (e.op === 'not' ? `NOT ${wrap(e.operand)}` : `-${wrap(e.operand)}`),
  binary: (e) => `${wrap(e.left)} ${e.op === 'and' || e.op === 'or' ? e.op.toUpperCase() : e.op} ${wrap(e.right)}`,
  between: (e) => `${wrap(e.operand)} ${e.negated ? 'NOT ' : ''}BETWEEN ${wrap(e.low)} AND ${wrap(e.high)}`,
  in_list: (e) => `${wrap(e.operand)} ${e.negated ? 'NOT ' : ''}IN (${e.list.map(exprText).join(', ')})`,
  like: (e) => `${wrap(e.operand)} ${e.negated ? 'NOT ' : ''}${e.caseInsensitive ? 'ILIKE' : 'LIKE'} ${wrap(e.pattern)}`,
  is_null: (e) => `${wrap(e.operand)} IS ${e.negated ? 'NOT ' : ''}NULL`,
  function: (e) => `${e.name}(${e.distinct ? 'DISTINCT ' : ''}${e.args.map(exprText).join(',')}${e.orderBy ? ` ORDER BY ${e.orderBy.map((k) => `${exprText(k.expr)}${k.descending ? ' DESC' : ''}`).join(', ')}` : ''})${e.over ? ` OVER (${windowText(e.over)})` : ''}${e.range ? rangeText(e.range) : ''}`,
  case: (e) =>
    `CASE ${e.operand ? exprText(e.operand) + ' ' : ''}${e.whens.map((w) => `WHEN ${exprText(w.when)} THEN ${exprText(w.then)}`).join(' ')}${e.otherwise ? ` ELSE ${exprText(e.otherwise)}` : ''} END`,
  cast: (e) => `${e.try ? 'TRY_CAST' : 'CAST'}(${exprText(e.operand)} AS ${e.typeText})`,
  subquery: (e) => (e.exists ? 'EXISTS (<subquery>)' : '(<subquery>)'),
  in_subquery: (e) => `${wrap(e.operand)} ${e.negated ? 'NOT ' : ''}IN (<subquery>)`,
  value: (e) => (e.value === null ? 'NULL' : typeof e.value === 'string' ? lit(e.value) : String(e.value)),
};

/**
 * The display text of an expression: names result columns (`count(*)`, `date_bin(INTERVAL '1 minute',ts)`)
 * and is the key that matches GROUP BY expressions with select items.
 */
export function exprText(e: Expr): string {
  return (PRINT[e.kind] as (x: Expr) => string)(e);
}
