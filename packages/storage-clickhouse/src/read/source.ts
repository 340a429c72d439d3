import { timeUnitOf, type TimeUnit } from '@sluice/pipeline-core';
import type { Predicate } from '@sluice/storage';
import type { TableEntry } from '../catalog/catalog.js';
import { SEQ, SERIES } from '../catalog/physical.js';
import { ident } from '../sql/quote.js';
import { predicateSql } from './predicate-sql.js';

const UNIT_NS: Record<TimeUnit, bigint> = { s: 1_000_000_000n, ms: 1_000_000n, us: 1_000n, ns: 1n };

export interface ReadFilter {
  readonly timeRange?: { readonly startNs?: bigint; readonly endNs?: bigint } | undefined;
  readonly predicates?: readonly Predicate[] | undefined;
}

/**
 * The FROM and WHERE of a read, with `ref(column)` naming a Sluice column in the SELECT list.
 * Append-mode tables are read directly. Other tables keep every written version of a row; the read
 * takes, per (series, time), the newest version (`last_row`, `argMax` by `__seq`) or the newest non-null
 * value of each field (`last_non_null`, `argMaxIf`). Time and tag conditions run before that merge,
 * field conditions after it. TTL (18.16 has no table TTL) hides rows older than now − ttl.
 */
export interface ReadSource {
  readonly from: string;
  readonly where: string;
  ref(column: string): string;
  /** The version column (`__seq`), for ordering equal rows by write order. */
  readonly seq: string;
  /** The row identity column (`__series`) of a merged read, for DELETE ... IN. */
  readonly series?: string;
  /** True when every condition applies before the merge (time, tags): a DELETE can use `preWhere` as is. */
  readonly preOnly: boolean;
  /** The conditions on the stored rows (time range, TTL, and tags or, in append mode, every predicate). */
  readonly preWhere: string;
  readonly timeUnitNs: bigint;
}

export function readSource(e: TableEntry, f: ReadFilter, nowMs: number): ReadSource {
  const t = e.state;
  const unit = timeUnitOf(t.timeColumn.type)!;
  const unitNs = UNIT_NS[unit];
  const table = `${ident(e.chDb)}.${ident(e.chTable)}`;
  const pre: string[] = [];
  const post: { p: Predicate }[] = [];
  const ceil = (ns: bigint) => (ns >= 0n ? (ns + unitNs - 1n) / unitNs : ns / unitNs);
  if (f.timeRange?.startNs !== undefined) pre.push(`ts >= ${ceil(f.timeRange.startNs)}`);
  if (f.timeRange?.endNs !== undefined) pre.push(`ts < ${ceil(f.timeRange.endNs)}`);
  if (t.opts.ttlMs !== undefined) pre.push(`ts >= ${ceil(BigInt(Math.floor(nowMs - t.opts.ttlMs)) * 1_000_000n)}`);
  const appendMode = t.opts.appendMode;
  for (const p of f.predicates ?? []) {
    if (appendMode || p.column === t.info.timeIndex || t.tagSlot.has(p.column)) pre.push(predicateSql(t, p, ident(e.phys[p.column]!)));
    else post.push({ p });
  }
  const and = (xs: string[]) => (xs.length === 0 ? '1' : xs.map((x) => `(${x})`).join(' AND '));
  if (appendMode) {
    return { from: table, where: and(pre), ref: (c) => ident(e.phys[c]!), seq: ident(SEQ), timeUnitNs: unitNs, preOnly: true, preWhere: and(pre) };
  }
  // Aliases of the merged columns: physical names never start with `x_`, so an alias never shadows a column.
  const x = (phys: string) => ident(`x_${phys}`);
  const lastNonNull = t.opts.mergeMode === 'last_non_null';
  const cols = e.columns.map((c) => {
    const p = ident(c.name);
    if (c.kind === 'time') return `${p} AS ${x(c.name)}`;
    if (c.kind === 'tag') return `any(${p}) AS ${x(c.name)}`;
    // argMax skips NULLs: that is last_non_null. For last_row the newest version wins even when its
    // value is NULL, told by argMax(isNull(v)). (argMax over tuple(v) would do it in one, but crashes a
    // remote 18.16 shard when the state crosses the network.)
    const newest = `argMax(${p}, ${SEQ})`;
    return lastNonNull ? `${newest} AS ${x(c.name)}` : `if(argMax(isNull(${p}), ${SEQ}) = 1, NULL, ${newest}) AS ${x(c.name)}`;
  });
  cols.push(`max(${SEQ}) AS ${x(SEQ)}`, `${SERIES} AS ${x(SERIES)}`);
  const from = `(SELECT ${cols.join(', ')} FROM ${table} WHERE ${and(pre)} GROUP BY ${SERIES}, ts)`;
  const ref = (c: string) => x(e.phys[c]!);
  return { from, where: and(post.map(({ p }) => predicateSql(t, p, ref(p.column)))), ref, seq: x(SEQ), series: x(SERIES), timeUnitNs: unitNs, preOnly: post.length === 0, preWhere: and(pre) };
}

/** ORDER BY of a scan: time, then tags (NULLs last), then write order. */
export function scanOrder(e: TableEntry, s: ReadSource, descending: boolean): string {
  const dir = descending ? ' DESC' : '';
  const keys = [s.ref(e.state.info.timeIndex), ...e.state.tags.map((c) => s.ref(c.name)), s.seq];
  return keys.map((k) => `${k}${dir}`).join(', ');
}

/** The same order as one comparable tuple, for "groups in the order a scan first meets them". */
export function scanOrderTuple(e: TableEntry, s: ReadSource): string {
  const tags = e.state.tags.flatMap((c) => [`isNull(${s.ref(c.name)})`, `assumeNotNull(${s.ref(c.name)})`]);
  return `tuple(${[s.ref(e.state.info.timeIndex), ...tags, s.seq].join(', ')})`;
}
