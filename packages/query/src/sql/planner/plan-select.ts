import type { AggregateRequest, TableInfo } from '@sluice/storage';
import type { Expr } from '../ast/expr.js';
import type { OrderKey, SelectCore } from '../ast/query.js';
import { SqlPlanError } from '../errors.js';
import { compileExpr } from '../expr/compile.js';
import type { Compiled } from '../expr/compiled.js';
import { exprText } from '../expr/print.js';
import { headerName } from '../expr/header-name.js';
import { single, type Batch, type Field, type Relation } from '../expr/relation.js';
import { resolveColumn, type Scope } from '../expr/scope.js';
import { andAll, walkExpr } from '../expr/walk.js';
import { distinct } from '../operators/distinct.js';
import { filter } from '../operators/filter.js';
import { limit } from '../operators/limit.js';
import { keepColumns, project } from '../operators/project.js';
import { scan } from '../operators/scan.js';
import { storedAggregate } from '../operators/stored-aggregate.js';
import { sort, type SortKey } from '../operators/sort.js';
import { collectAggregates, planAggregate } from './aggregate-plan.js';
import { note, type QueryEnv } from './env.js';
import { describePredicate, describeTimeRange } from './describe.js';
import { pushDown } from './pushdown.js';
import { storedAggregatePlan } from './stored-aggregate-plan.js';
import { collectWindows, planWindows } from './window-plan.js';
import { planRange, type RangeSource } from './range-plan.js';
import { resolveSource, sourceRelation, type Source } from './source.js';
import { withSubqueriesResolved } from './subqueries.js';
import { CORRELATED_PREFIX, withCorrelatedSubqueries } from './correlated.js';
import { withJsonPathAccess } from './json-path-access.js';

interface Item {
  readonly expr: Expr;
  readonly name: string;
}

/** SELECT without FROM reads one row of no columns. */
const noFrom = (): Relation => ({ fields: [], batches: single({ length: 1, columns: [] } as Batch) });

function expandItems(core: SelectCore, fields: readonly Field[]): Item[] {
  const out: Item[] = [];
  for (const it of core.items) {
    if (it.kind === 'star') {
      const matching = fields.filter((f) => (it.table === undefined ? !f.usingCopy : f.qualifier === it.table) && !f.name.startsWith(CORRELATED_PREFIX));
      if (it.table !== undefined && matching.length === 0) throw new SqlPlanError(`'${it.table}.*': no table named ${it.table} in FROM`);
      for (const f of matching) out.push({ expr: { kind: 'column', ...(f.qualifier ? { table: f.qualifier } : {}), name: f.name, pos: { line: 0, column: 0 } }, name: f.name });
    } else {
      out.push({ expr: it.expr, name: it.alias ?? headerName(it.expr, fields) });
    }
  }
  return out;
}

/** Where an ORDER BY key comes from: an output column, or a hidden expression over the pre-projection scope. */
type OrderTarget = { readonly kind: 'output'; readonly index: number } | { readonly kind: 'hidden'; readonly expr: Expr };

function resolveOrder(key: OrderKey, items: readonly Item[]): OrderTarget {
  const e = key.expr;
  if (e.kind === 'literal' && typeof e.value === 'number' && Number.isInteger(e.value)) {
    if (e.value < 1 || e.value > items.length) throw new SqlPlanError(`ORDER BY position ${e.value} is not in select list (1 to ${items.length})`);
    return { kind: 'output', index: e.value - 1 };
  }
  if (e.kind === 'column' && e.table === undefined) {
    const i = items.findIndex((it) => it.name === e.name);
    if (i >= 0) return { kind: 'output', index: i };
  }
  const text = exprText(e);
  const j = items.findIndex((it) => exprText(it.expr) === text);
  if (j >= 0) return { kind: 'output', index: j };
  return { kind: 'hidden', expr: e };
}

function resolveGroupKey(e: Expr, items: readonly Item[], input: readonly Field[]): Expr {
  if (e.kind === 'literal' && typeof e.value === 'number' && Number.isInteger(e.value)) {
    if (e.value < 1 || e.value > items.length) throw new SqlPlanError(`GROUP BY position ${e.value} is not in select list (1 to ${items.length})`);
    return items[e.value - 1]!.expr;
  }
  if (e.kind === 'column' && e.table === undefined && !input.some((f) => f.name === e.name)) {
    const it = items.find((x) => x.name === e.name);
    if (it) return it.expr;
  }
  return e;
}

/** Column names a query core reads from its source (for projection pushdown) besides pushed-down predicates; undefined = all. */
function referencedColumns(core: SelectCore, order: readonly OrderKey[], where: Expr | undefined, extra: readonly string[]): Set<string> | undefined {
  if (core.items.some((i) => i.kind === 'star')) return undefined;
  const names = new Set<string>(extra.map((n) => n.toLowerCase()));
  const exprs: Expr[] = [
    ...core.items.flatMap((i) => (i.kind === 'expr' ? [i.expr] : [])),
    ...(where ? [where] : []), ...core.groupBy, ...(core.having ? [core.having] : []), ...order.map((o) => o.expr),
  ];
  for (const e of exprs) walkExpr(e, (x) => void (x.kind === 'column' && names.add(x.name.toLowerCase())));
  return names;
}

/** What a range query reads besides its select list: the time index, and the primary key when BY is omitted. */
function rangeColumns(core: SelectCore, table: TableInfo): string[] {
  const out = [table.timeIndex, ...(core.align?.by ? [] : table.primaryKey)];
  for (const e of core.align?.by ?? []) walkExpr(e, (x) => void (x.kind === 'column' && out.push(x.name)));
  return out;
}

/** A range query's time index and default BY: a table's own, or a derived input's passed-through time index (BY required). */
function rangeSource(src: Source | undefined, fields: readonly Field[]): RangeSource {
  const timeIndex = fields.findIndex((f) => f.timeIndex);
  if (timeIndex < 0) throw new SqlPlanError(`Time index not found in the input of the range query (${fields.map((f) => f.name).join(', ')})`);
  if (src?.kind !== 'scan') return { timeIndex };
  const q = src.qualifier;
  const defaultBy: Expr[] = src.table.primaryKey.map((name) => ({ kind: 'column', table: q, name, pos: { line: 0, column: 0 } }));
  return { timeIndex, defaultBy: defaultBy.length > 0 ? defaultBy : [{ kind: 'literal', value: 1, text: '1' }] };
}

/** Whether a select item passes the time index through unchanged (so an outer range query can find it). */
function isTimeIndex(e: Expr, scope: Scope): boolean {
  if (e.kind !== 'column') return false;
  const sub = scope.substitutions?.get(exprText(e));
  if (sub !== undefined) return scope.fields[sub]!.timeIndex === true;
  try {
    return scope.fields[resolveColumn(scope, e)]!.timeIndex === true;
  } catch {
    return false;
  }
}

/** The input column a sort key reads directly (to recognise `ORDER BY <time index>`). */
function plainColumn(t: OrderTarget, items: readonly Item[]): string | undefined {
  const e = t.kind === 'output' ? items[t.index]!.expr : t.expr;
  return e.kind === 'column' ? e.name : undefined;
}

/**
 * Plans one SELECT core with the ORDER BY / LIMIT / OFFSET that apply to it:
 * source (with pushdown) → filter → aggregate → having → project (+hidden sort keys) → distinct → sort → limit.
 */
export async function planSelect(rawCore: SelectCore, rawOrder: readonly OrderKey[], count: number | undefined, offset: number | undefined, env: QueryEnv): Promise<Relation> {
  const plain = !rawCore.where && !rawCore.align && rawCore.groupBy.length === 0 && !rawCore.having && !rawCore.distinct && rawOrder.length === 0 &&
    rawCore.from?.kind === 'table' && collectWindows(rawCore.items.flatMap((i) => (i.kind === 'expr' ? [i.expr] : []))).length === 0 && collectAggregates(rawCore.items.flatMap((i) => (i.kind === 'expr' ? [i.expr] : []))).length === 0;
  const scanLimit = plain && count !== undefined ? count + (offset ?? 0) : undefined;
  let src: Source | undefined = rawCore.from ? await resolveSource(rawCore.from, env, scanLimit) : undefined;
  let outerCore = rawCore;
  const correlated = src ? await withCorrelatedSubqueries(rawCore, src, env) : undefined;
  if (correlated) ({ core: outerCore, src } = correlated);
  const inputFields = src ? (src.kind === 'scan' ? src.fields : src.relation.fields) : [];
  const { core, order } = withJsonPathAccess(await withSubqueriesResolved(outerCore, env), rawOrder, inputFields);
  const inputScope: Scope = { fields: inputFields, ctx: env.ctx };
  const items = expandItems(core, inputFields);
  if (items.length === 0) throw new SqlPlanError('SELECT list is empty');
  const groupKeys = core.groupBy.map((g) => resolveGroupKey(g, items, inputFields));
  const targets = order.map((k) => resolveOrder(k, items));
  const aggs = collectAggregates([...items.map((i) => i.expr), ...(core.having ? [core.having] : []), ...targets.flatMap((t) => (t.kind === 'hidden' ? [t.expr] : []))]);
  if (core.where) {
    const inWhere = collectAggregates([core.where]);
    if (inWhere.length > 0) throw new SqlPlanError(`aggregate functions are not allowed in WHERE: ${exprText(inWhere[0]!)}`);
  }
  // A range query (ALIGN) aggregates per time window instead (range-plan.ts).
  const ranged = core.align !== undefined;
  const grouped = !ranged && (groupKeys.length > 0 || aggs.length > 0);
  const hiddenExprs = targets.flatMap((t) => (t.kind === 'hidden' ? [t.expr] : []));
  const windows = collectWindows([...items.map((i) => i.expr), ...hiddenExprs]);

  // Source, with pushdown for a single table.
  let rel: Relation;
  let restWhere = core.where;
  let timeOrdered = false;
  let stored: AggregateRequest | undefined;
  if (src?.kind === 'scan') {
    const { predicates, timeRange, rest } = pushDown(core.where, src.table, src.qualifier, env.ctx, { matches: env.store.pushdownMatches });
    restWhere = andAll(rest);
    // Conjuncts the store applies need not be read back.
    const refs = referencedColumns(core, order, restWhere, ranged ? rangeColumns(core, src.table) : []);
    const columns = refs === undefined ? src.table.columns.map((c) => c.name) : src.table.columns.filter((c) => refs.has(c.name.toLowerCase())).map((c) => c.name);
    // Validate the remaining WHERE against the full table before narrowing the fields.
    if (restWhere) compileExpr(restWhere, inputScope);
    // The store returns rows in time order (newest first when descending), so ORDER BY the time
    // index alone needs no sort, and with nothing else to filter the LIMIT goes down too.
    timeOrdered = !grouped && !ranged && !core.distinct && windows.length === 0 && targets.length === 1 && plainColumn(targets[0]!, items) === src.table.timeIndex;
    const descending = timeOrdered && order[0]!.descending;
    let scanLimit: number | undefined;
    if (!restWhere && !grouped && !ranged && !core.distinct && windows.length === 0 && count !== undefined && (targets.length === 0 || timeOrdered)) {
      scanLimit = count + (offset ?? 0);
    }
    const pushed = env.store.aggregate && grouped ? storedAggregatePlan(src.table, src.qualifier, groupKeys, aggs, restWhere, env.ctx) : undefined;
    if (pushed) {
      const targetTexts = targets.map((t) => exprText(t.kind === 'output' ? items[t.index]!.expr : t.expr));
      const keyTexts = groupKeys.map(exprText);
      // ORDER BY over every group key sorts the groups completely: their order from the store is moot.
      const anyOrder = pushed.groupBy.length > 0 && keyTexts.every((g) => targetTexts.includes(g));
      // ORDER BY over group keys only: the store may return the groups in that order (our sort then meets sorted input).
      const groupOrder = anyOrder && targetTexts.every((t) => keyTexts.includes(t))
        ? order.map((o, k) => ({ key: keyTexts.indexOf(targetTexts[k]!), descending: o.descending, nullsFirst: o.nullsFirst ?? o.descending }))
        : undefined;
      stored = {
        db: src.table.db, table: src.table.name, aggregates: pushed.aggregates,
        ...(pushed.groupBy.length > 0 ? { groupBy: pushed.groupBy } : {}),
        ...(anyOrder ? { anyOrder: true } : {}),
        ...(groupOrder ? { order: groupOrder } : {}),
        ...(predicates.length > 0 ? { predicates } : {}),
        ...(timeRange ? { timeRange } : {}),
      };
    }
    const fields = columns.map((n) => src.fields.find((f) => f.name === n)!);
    note(env, `Scan: ${src.table.db}.${src.table.name} columns=[${columns.join(', ')}]${predicates.length > 0 ? ` predicates=[${predicates.map(describePredicate).join(', ')}]` : ''}${timeRange ? ` ${describeTimeRange(timeRange)}` : ''}${scanLimit !== undefined ? ` limit=${scanLimit}` : ''}${descending ? ' descending' : ''}`);
    rel = scan(env.store, {
      db: src.table.db, table: src.table.name, columns,
      ...(predicates.length > 0 ? { predicates } : {}),
      ...(timeRange ? { timeRange } : {}),
      ...(scanLimit !== undefined ? { limit: scanLimit } : {}),
      ...(descending ? { descending } : {}),
    }, fields, env.ctx.exec);
  } else {
    rel = src ? sourceRelation(src, env) : noFrom();
  }
  let scope: Scope = { fields: rel.fields, ctx: env.ctx, known: inputFields };
  if (restWhere) {
    const p = compileExpr(restWhere, scope);
    if (p.type !== 'boolean' && p.type !== 'null') throw new SqlPlanError(`WHERE must be a boolean expression, got ${p.type}`);
    note(env, `Filter: ${exprText(restWhere)}`);
    rel = filter(rel, p);
  }
  if (grouped) {
    const planned = planAggregate(rel, scope, groupKeys, aggs);
    const storeOrder = stored?.order ? ` order=[${stored.order.map((o) => `${exprText(groupKeys[o.key]!)}${o.descending ? ' DESC' : ''}${o.nullsFirst !== o.descending ? (o.nullsFirst ? ' NULLS FIRST' : ' NULLS LAST') : ''}`).join(', ')}]` : '';
    note(env, `Aggregate: group=[${groupKeys.map(exprText).join(', ')}] aggregates=[${aggs.map(exprText).join(', ')}]${stored ? ` in=store${storeOrder}` : ''}`);
    rel = stored ? storedAggregate(env.store, stored, planned.relation) : planned.relation;
    scope = planned.scope;
  }
  if (core.align) {
    const planned = planRange(rel, scope, core.align, [...items.map((i) => i.expr), ...hiddenExprs], rangeSource(src, rel.fields));
    note(env, planned.description);
    rel = planned.relation;
    scope = planned.scope;
  }
  if (core.having) {
    if (!grouped) throw new SqlPlanError('HAVING needs GROUP BY or an aggregate');
    note(env, `Filter (HAVING): ${exprText(core.having)}`);
    rel = filter(rel, compileExpr(core.having, scope));
  }
  if (windows.length > 0) {
    const planned = planWindows(rel, scope, windows);
    note(env, `Window: ${windows.map(exprText).join(', ')}`);
    rel = planned.relation;
    scope = planned.scope;
  }
  // Projection with hidden sort keys appended.
  const hidden = targets.flatMap((t) => (t.kind === 'hidden' ? [t.expr] : []));
  if (core.distinct && hidden.length > 0) throw new SqlPlanError(`for SELECT DISTINCT, ORDER BY expressions must appear in the select list: ${exprText(hidden[0]!)}`);
  const compiled: Compiled[] = [...items.map((i) => compileExpr(i.expr, scope)), ...hidden.map((h) => compileExpr(h, scope))];
  const outFields: Field[] = [
    ...items.map((it, i) => ({ name: it.name, type: compiled[i]!.type, ...(isTimeIndex(it.expr, scope) ? { timeIndex: true as const } : {}) })),
    ...hidden.map((h, i) => ({ name: `__order_${i}`, type: compiled[items.length + i]!.type })),
  ];
  note(env, `Projection: ${outFields.map((f) => f.name).join(', ')}`);
  rel = project(rel, outFields, compiled);
  if (core.distinct) {
    note(env, 'Distinct');
    rel = distinct(rel, undefined, env.ctx.exec);
  }
  if (targets.length > 0 && !timeOrdered) {
    let h = 0;
    const keys: SortKey[] = targets.map((t, k) => {
      const index = t.kind === 'output' ? t.index : items.length + h++;
      const type = outFields[index]!.type;
      return { expr: { type, eval: (b: Batch) => b.columns[index]! }, descending: order[k]!.descending, ...(order[k]!.nullsFirst !== undefined ? { nullsFirst: order[k]!.nullsFirst } : {}) };
    });
    const topK = count === undefined ? undefined : count + (offset ?? 0);
    note(env, `Sort: ${order.map((o) => `${exprText(o.expr)}${o.descending ? ' DESC' : ''}`).join(', ')}${topK !== undefined ? ` top=${topK}` : ''}`);
    rel = sort(rel, keys, topK, env.ctx.exec);
  } else if (timeOrdered) {
    note(env, `Sort: none (scan is in ${src?.kind === 'scan' ? src.table.timeIndex : 'time'} order)`);
  }
  if (count !== undefined || offset !== undefined) note(env, `Limit: ${count ?? 'all'}${offset ? ` offset=${offset}` : ''}`);
  rel = limit(rel, count, offset);
  return keepColumns(rel, items.length);
}
