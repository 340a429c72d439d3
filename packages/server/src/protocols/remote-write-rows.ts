import type { TableOptions } from '@sluice/pipeline-core';
import type { WriteRequest } from '@sluice/storage';
import { metricWriteRequests, type MetricSeriesRows } from '../write/metric-tables.js';
import { decodeRemoteWrite, METRIC_NAME_LABEL, type PromSeries } from './remote-write.js';

/** Each series bound for its metric's table (`__name__` names the table and is not a tag). */
export function seriesRows(series: readonly PromSeries[]): MetricSeriesRows[] {
  return series.map((s) => ({
    table: s.labels.find((l) => l[0] === METRIC_NAME_LABEL)![1],
    labels: s.labels.filter((l) => l[0] !== METRIC_NAME_LABEL),
    values: s.values,
    timestamps: s.timestamps,
  }));
}

/**
 * A remote write body (snappy already undone) as one write per metric table; none for a
 * metadata-only request. Runs on the main thread or on an ingest worker (DecodeTask).
 */
export function remoteWriteRequests(db: string, bytes: Uint8Array, options: TableOptions): WriteRequest[] {
  return metricWriteRequests(db, seriesRows(decodeRemoteWrite(bytes).series), options);
}
