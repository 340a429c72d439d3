import type { ColumnSchema, TableOptions, Value } from '@sluice/pipeline-core';
import type { WriteRequest } from '@sluice/storage';
import { protocolTableOptions, type TableSemantics } from './semantic-options.js';

/**
 * The metric table layout shared by Prometheus remote write, OTLP metrics and the PromQL engine:
 * one table per metric name, `service_timestamp` (ms time index), `service_value` (Float64), then
 * one String tag column per label (the primary key). Tables are logical tables over one physical
 * table (`service_physical_table` unless the request names another), as GreptimeDB's metric engine.
 */
export const METRIC_TIME_COLUMN = 'service_timestamp';
export const METRIC_VALUE_COLUMN = 'service_value';
export const DEFAULT_PHYSICAL_TABLE = 'service_physical_table';

export type MetricSource = 'prometheus' | 'otlp';

/** Samples of one series bound for one metric table; `labels` exclude `__name__`. */
export interface MetricSeriesRows {
  readonly table: string;
  readonly labels: readonly (readonly [string, string])[];
  readonly values: ArrayLike<number>;
  /** Milliseconds since the epoch. */
  readonly timestamps: ArrayLike<number>;
}

/** What the metric endpoints say about the tables they create (the physical table is a default a hint may change). */
export function metricSemantics(source: MetricSource): TableSemantics {
  return { signalType: 'metric', source, defaults: { physical_table: DEFAULT_PHYSICAL_TABLE } };
}

/** Options for metric tables a write creates: the semantics, the hints, and the request's `physical_table` parameter over both. */
export function metricTableOptions(source: MetricSource, physicalTable: string | undefined, hints: TableOptions): TableOptions {
  const options = protocolTableOptions(metricSemantics(source), hints);
  return physicalTable === undefined ? options : { ...options, physical_table: physicalTable };
}

interface TableAcc {
  readonly tags: Set<string>;
  readonly series: MetricSeriesRows[];
  samples: number;
}

/** Groups series by table into one WriteRequest per metric table (rows in series order). */
export function metricWriteRequests(db: string, series: Iterable<MetricSeriesRows>, options: TableOptions): WriteRequest[] {
  const tables = new Map<string, TableAcc>();
  for (const s of series) {
    if (s.values.length === 0) continue;
    let acc = tables.get(s.table);
    if (acc === undefined) {
      acc = { tags: new Set(), series: [], samples: 0 };
      tables.set(s.table, acc);
    }
    for (const [name] of s.labels) acc.tags.add(name);
    acc.series.push(s);
    acc.samples += s.values.length;
  }
  const out: WriteRequest[] = [];
  for (const [table, acc] of tables) {
    const tags = [...acc.tags].sort();
    const pos = new Map(tags.map((t, i) => [t, i + 2]));
    const schema: ColumnSchema[] = [
      { name: METRIC_TIME_COLUMN, type: 'timestamp_ms', semantic: 'timestamp' },
      { name: METRIC_VALUE_COLUMN, type: 'float64', semantic: 'field' },
      ...tags.map((name): ColumnSchema => ({ name, type: 'string', semantic: 'tag' })),
    ];
    const rows: Value[][] = new Array(acc.samples);
    let r = 0;
    for (const s of acc.series) {
      const template: Value[] = new Array(tags.length + 2).fill(null);
      for (const [name, value] of s.labels) template[pos.get(name)!] = value;
      for (let i = 0; i < s.values.length; i++) {
        const row = template.slice();
        row[0] = s.timestamps[i]!;
        row[1] = s.values[i]!;
        rows[r++] = row;
      }
    }
    out.push({ db, table, schema, rows, options });
  }
  return out;
}
