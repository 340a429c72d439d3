import type { TableOptions } from '@sluice/pipeline-core';
import type { WriteRequest } from '@sluice/storage';
import { metricWriteRequests, type MetricLayouts, type MetricSeriesRows } from '../write/metric-tables.js';
import { decodeRemoteWrite, type PromSeries } from './remote-write.js';

/** Each series bound for its metric's table (`__name__` names the table and is not a tag). */
export function seriesRows(series: readonly PromSeries[]): MetricSeriesRows[] {
  return series.map((s) => ({ table: s.metric, labels: s.tags, names: s.names, values: s.values, timestamps: s.timestamps }));
}

/**
 * A remote write body (snappy already undone) as one write per metric table; none for a
 * metadata-only request. With `layouts`, tables that exist get their samples encoded (metricWriteRequests).
 */
export function remoteWriteRequests(db: string, bytes: Uint8Array, options: TableOptions, layouts?: MetricLayouts): WriteRequest[] {
  return metricWriteRequests(db, seriesRows(decodeRemoteWrite(bytes).series), options, layouts);
}
