import { timeUnitOf, type TimeUnit } from '@sluice/pipeline-core';
import type { TableEntry } from './catalog.js';
import type { TableShape } from './ddl.js';
import { chType, SEQ, SERIES, type PhysicalColumn } from './physical.js';
import { literal } from '../read/predicate-sql.js';
import { ident } from '../sql/quote.js';

const WEEK_IN: Record<TimeUnit, bigint> = { s: 604_800n, ms: 604_800_000n, us: 604_800_000_000n, ns: 604_800_000_000_000n };
/** Tags that lead the sorting key (more add little locality and slow inserts). */
const KEY_TAGS = 3;

export function columnType(c: PhysicalColumn): string {
  return c.kind === 'time' ? 'Int64' : `Nullable(${chType(c.def.type)})`;
}

/** `ADD COLUMN` for a new tag or field (a field's default also fills rows written before it existed). */
export function addColumnSql(c: PhysicalColumn): string {
  const dflt = c.kind === 'field' && c.def.default !== undefined && c.def.default !== null ? ` DEFAULT ${literal(c.def.type, c.def.default)}` : '';
  return `ADD COLUMN ${ident(c.name)} ${columnType(c)}${dflt}`;
}

/**
 * Engine and keys of a table: append mode → MergeTree ORDER BY (leading tags, ts), every row kept;
 * last_row → ReplacingMergeTree(__seq) ORDER BY (leading tags, __series, ts), so background merges
 * keep the newest version; last_non_null → MergeTree with the same key (older versions must stay to
 * fill nulls; reads merge them). Partitions are weeks of the time index.
 */
export function tableShape(e: TableEntry): TableShape {
  const t = e.state;
  const cols = e.columns;
  const lead = cols.filter((c) => c.kind === 'tag').slice(0, KEY_TAGS).map((c) => `assumeNotNull(${ident(c.name)})`);
  const append = t.opts.appendMode;
  return {
    columns: [...cols.map((c) => ({ name: c.name, type: columnType(c) })), { name: SEQ, type: 'UInt64' }, { name: SERIES, type: 'UInt64' }],
    engine: !append && t.opts.mergeMode === 'last_row' ? 'ReplacingMergeTree' : 'MergeTree',
    version: SEQ,
    orderBy: `(${[...lead, ...(append ? [] : [SERIES]), 'ts'].join(', ')})`,
    partitionBy: `intDiv(ts, ${WEEK_IN[timeUnitOf(t.timeColumn.type)!]})`,
    ...(append ? {} : { shardBy: SERIES }),
  };
}

/**
 * ADD COLUMN for columns `after` has and `before` lacks, DROP COLUMN for the reverse (by physical name),
 * MODIFY COLUMN for a widened type (ClickHouse converts the stored values).
 */
export function alterActions(before: TableEntry, after: TableEntry): string[] {
  const had = new Map(before.columns.map((c) => [c.name, c] as const));
  const has = new Set(after.columns.map((c) => c.name));
  return [
    ...after.columns.filter((c) => !had.has(c.name)).map(addColumnSql),
    ...after.columns.filter((c) => had.has(c.name) && columnType(had.get(c.name)!) !== columnType(c)).map((c) => `MODIFY COLUMN ${ident(c.name)} ${columnType(c)}`),
    ...before.columns.filter((c) => !has.has(c.name)).map((c) => `DROP COLUMN ${ident(c.name)}`),
  ];
}
