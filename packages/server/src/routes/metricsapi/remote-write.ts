import { Hono, type Context } from 'hono';
import type { Doc } from '@sluice/pipeline-core';
import type { WriteRequest } from '@sluice/storage';
import type { AppDeps } from '../../deps.js';
import { decompressBody } from '../../ingest/decompress.js';
import { snappyDecode } from '../../protocols/snappy.js';
import { decodeRemoteWrite, METRIC_NAME_LABEL, type PromSeries } from '../../protocols/remote-write.js';
import { tableOptionsFromHints } from '../../write/hints.js';
import { metricTableOptions, metricWriteRequests, METRIC_TIME_COLUMN, METRIC_VALUE_COLUMN, type MetricSeriesRows } from '../../write/metric-tables.js';
import { requestDb } from '../../write/request-db.js';
import { PIPELINE_HEADER, PIPELINE_VERSION_HEADER, resolveDocsPipeline, runDocsPipeline } from '../../write/run-docs-pipeline.js';

export const REMOTE_WRITE_PATH = '/v1/metricsapi/write';

/**
 * The body as protobuf bytes. Remote write bodies are snappy block-compressed whether or not the
 * client says so (the npm `prometheus-remote-write` client sends no Content-Encoding); another
 * declared encoding (gzip, zstd) is undone first and the result taken as plain protobuf.
 */
export async function readSnappyProtobuf(c: Context, maxBytes: number, what: string): Promise<Uint8Array> {
  const raw = Buffer.from(await c.req.arrayBuffer());
  const enc = (c.req.header('content-encoding') ?? '').trim().toLowerCase();
  if (enc === '' || enc === 'snappy' || enc === 'identity') return snappyDecode(raw, maxBytes, what);
  return decompressBody(raw, enc, maxBytes);
}

function toRows(series: readonly PromSeries[]): MetricSeriesRows[] {
  return series.map((s) => ({
    table: s.labels.find((l) => l[0] === METRIC_NAME_LABEL)![1],
    labels: s.labels.filter((l) => l[0] !== METRIC_NAME_LABEL),
    values: s.values,
    timestamps: s.timestamps,
  }));
}

/** Samples as documents for a pipeline: labels, `service_value`, `service_timestamp` (ms), grouped by metric. */
function toDocsByMetric(series: readonly MetricSeriesRows[]): Map<string, Doc[]> {
  const out = new Map<string, Doc[]>();
  for (const s of series) {
    let docs = out.get(s.table);
    if (docs === undefined) out.set(s.table, (docs = []));
    for (let i = 0; i < s.values.length; i++) {
      const doc: Record<string, string | number> = {};
      for (const [k, v] of s.labels) doc[k] = v;
      doc[METRIC_VALUE_COLUMN] = s.values[i]!;
      doc[METRIC_TIME_COLUMN] = s.timestamps[i]!;
      docs.push(doc as Doc);
    }
  }
  return out;
}

/** `POST /v1/metricsapi/write`: Prometheus remote write 1.0 into one table per metric; 204. */
export function createRemoteWriteRoutes(deps: AppDeps, maxBodyBytes: number): Hono {
  const app = new Hono();
  app.post(REMOTE_WRITE_PATH, async (c) => {
    const db = requestDb(c, deps.store);
    const hints = tableOptionsFromHints(c.req.raw.headers);
    const bytes = await readSnappyProtobuf(c, maxBodyBytes, 'remote write body');
    const decoded = decodeRemoteWrite(bytes);
    if (decoded.sampleCount === 0) return c.body(null, 204); // metadata-only requests
    const rows = toRows(decoded.series);
    const pipelineName = c.req.header(PIPELINE_HEADER);
    let writes: WriteRequest[];
    if (pipelineName !== undefined && pipelineName.trim() !== '') {
      const pipeline = resolveDocsPipeline(deps, pipelineName.trim(), c.req.header(PIPELINE_VERSION_HEADER), { field: METRIC_TIME_COLUMN, unit: 'ms' });
      const options = { ...hints, extra: { ...hints.extra, 'service.semantic.signal_type': 'metric', 'service.semantic.source': 'prometheus', comment: 'Created on insertion' } };
      writes = [];
      for (const [table, docs] of toDocsByMetric(rows)) writes.push(...runDocsPipeline(pipeline, docs, { db, table, options }));
    } else {
      const options = metricTableOptions('prometheus', c.req.query('physical_table')?.trim() || undefined, hints);
      writes = metricWriteRequests(db, rows, options);
    }
    if (writes.length > 0) {
      const written = await deps.store.write(writes);
      for (const w of written) deps.metrics.rowsIngested.inc({ db: w.db, table: w.table, pipeline: pipelineName ?? 'remote_write' }, w.affectedRows);
    }
    return c.body(null, 204);
  });
  return app;
}
