import { isFloatType, isIntegerType, timeUnitOf } from '@sluice/pipeline-core';
import type { TableInfo } from '@sluice/storage';

/** How a table reads as a metric: its labels (tag columns), value column and time column. */
export interface MetricTable {
  readonly db: string;
  readonly name: string;
  readonly tags: readonly string[];
  readonly timeColumn: string;
  /** Divides the stored time value to milliseconds. */
  readonly msDivisor: bigint;
  readonly msMultiplier: number;
  /** Numeric field columns; the first is the default value column. */
  readonly fields: readonly string[];
}

export const DEFAULT_VALUE_COLUMN = 'service_value';

/** GreptimeDB marks a metric engine's physical table with this option; it holds no metric of its own. */
export const PHYSICAL_TABLE_OPTION = 'physical_metric_table';

const DIVISORS = { s: 1n, ms: 1n, us: 1_000n, ns: 1_000_000n } as const;

/** The table as a metric, or undefined when it has no numeric field (a log table) or is a physical metric table. */
export function metricTable(t: TableInfo): MetricTable | undefined {
  if (t.options.extra?.[PHYSICAL_TABLE_OPTION] !== undefined) return undefined;
  const fields = t.columns.filter((c) => c.semantic === 'field' && (isFloatType(c.type) || isIntegerType(c.type))).map((c) => c.name);
  if (fields.length === 0) return undefined;
  fields.sort((a, b) => (a === DEFAULT_VALUE_COLUMN ? -1 : b === DEFAULT_VALUE_COLUMN ? 1 : 0));
  const unit = timeUnitOf(t.columns.find((c) => c.name === t.timeIndex)!.type) ?? 'ms';
  return {
    db: t.db,
    name: t.name,
    tags: t.columns.filter((c) => c.semantic === 'tag').map((c) => c.name),
    timeColumn: t.timeIndex,
    msDivisor: DIVISORS[unit],
    msMultiplier: unit === 's' ? 1000 : 1,
    fields,
  };
}
