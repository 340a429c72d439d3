import type { ColumnSchema, TableOptions, Value } from '@sluice/pipeline-core';
import type { WriteLayout, WriteRequest } from '@sluice/storage';
import { encodeSeriesColumns, type SeriesColumns } from '@sluice/storage/encode';
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
  /** The label names joined by NUL, when the caller keeps it (remote write's cached label sets); else computed. */
  readonly names?: string;
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
  /** Per series, its label names (shared by the series of one shape). */
  readonly shapes: LabelShape[];
  /** Label shapes by their names joined by NUL. */
  readonly byNames: Map<string, LabelShape>;
  samples: number;
}

/** The label names of a series, and where each goes among the table's tag columns (once known). */
interface LabelShape {
  readonly names: readonly string[];
  slots?: number[];
}

/** The record a metric table's samples can be encoded against (`Store.writeLayout(db, table, true)`), if any. */
export type MetricLayouts = (table: string) => WriteLayout | undefined;

/**
 * Groups series by table into one WriteRequest per metric table (rows in series order). With `layouts`,
 * a table that exists gets its samples encoded straight from the series' columns (`encoded`, see
 * encodeSeriesColumns) and its rows are only built if the store asks for them (the table changed
 * meanwhile, or the write adds a label column).
 */
export function metricWriteRequests(db: string, series: Iterable<MetricSeriesRows>, options: TableOptions, layouts?: MetricLayouts): WriteRequest[] {
  const tables = new Map<string, TableAcc>();
  for (const s of series) {
    if (s.values.length === 0) continue;
    let acc = tables.get(s.table);
    if (acc === undefined) {
      acc = { tags: new Set(), series: [], shapes: [], byNames: new Map(), samples: 0 };
      tables.set(s.table, acc);
    }
    // Series of one shape (the usual case) add their names once.
    const key = s.names ?? s.labels.map((l) => l[0]).join('\u0000');
    let shape = acc.byNames.get(key);
    if (shape === undefined) {
      shape = { names: s.labels.map((l) => l[0]) };
      acc.byNames.set(key, shape);
      for (const name of shape.names) acc.tags.add(name);
    }
    acc.series.push(s);
    acc.shapes.push(shape);
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
    const layout = layouts?.(table);
    const encoded = layout === undefined ? undefined : encodeSeriesColumns(layout, { schema, series: acc.series.map((s, i) => seriesColumns(s, acc.shapes[i]!, pos, tags.length)) });
    if (encoded === undefined) {
      out.push({ db, table, schema, rows: metricRows(acc, pos, tags.length), options });
      continue;
    }
    let rows: Value[][] | undefined;
    out.push({
      db,
      table,
      schema,
      options,
      encoded,
      // A getter: a store that writes the encoded form never builds the rows.
      get rows() {
        return (rows ??= metricRows(acc, pos, tags.length));
      },
    });
  }
  return out;
}

/** One row per sample: time, value, then the tag columns (null where the series lacks the label). */
function metricRows(acc: TableAcc, pos: ReadonlyMap<string, number>, nTags: number): Value[][] {
  const rows: Value[][] = new Array(acc.samples);
  let r = 0;
  for (const s of acc.series) {
    const template: Value[] = new Array(nTags + 2).fill(null);
    for (const [name, value] of s.labels) template[pos.get(name)!] = value;
    for (let i = 0; i < s.values.length; i++) {
      const row = template.slice();
      row[0] = s.timestamps[i]!;
      row[1] = s.values[i]!;
      rows[r++] = row;
    }
  }
  return rows;
}

/** A series as columns for encodeSeriesColumns: its tag values in schema order (`pos` counts from 2). */
function seriesColumns(s: MetricSeriesRows, shape: LabelShape, pos: ReadonlyMap<string, number>, nTags: number): SeriesColumns {
  const slots = (shape.slots ??= shape.names.map((name) => pos.get(name)! - 2));
  const tags: (string | null)[] = new Array(nTags).fill(null);
  const labels = s.labels;
  for (let k = 0; k < labels.length; k++) tags[slots[k]!] = labels[k]![1];
  const values = s.values instanceof Float64Array ? s.values : Float64Array.from(s.values);
  return { tags, times: s.timestamps, fields: [values] };
}
