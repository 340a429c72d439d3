import { Hono } from 'hono';
import type { Doc } from '@sluice/pipeline-core';
import type { WriteRequest } from '@sluice/storage';
import type { AppDeps } from '../../deps.js';
import { decodeRemoteWrite } from '../../protocols/remote-write.js';
import { remoteWriteRequests, seriesRows } from '../../protocols/remote-write-rows.js';
import { metricSemantics, metricTableOptions, METRIC_TIME_COLUMN, METRIC_VALUE_COLUMN, type MetricSeriesRows } from '../../write/metric-tables.js';
import { PIPELINE_HEADER, PIPELINE_VERSION_HEADER, requestBounds, resolveDocsPipeline, runDocsPipeline } from '../../write/run-docs-pipeline.js';
import type { WriteSupport } from '../../write/write-support.js';

export const REMOTE_WRITE_PATH = '/v1/metricsapi/write';

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

/**
 * `POST /v1/metricsapi/write`: Prometheus remote write 1.0 into one table per metric; 204. The body is
 * snappy block-compressed whether or not the client says so (the npm `prometheus-remote-write` client
 * sends no Content-Encoding); a gzip/zstd Content-Encoding is undone first and the rest read as protobuf.
 */
export function createRemoteWriteRoutes(deps: AppDeps, writes: WriteSupport): Hono {
  const app = new Hono();
  writes.register(app, REMOTE_WRITE_PATH);
  app.post(REMOTE_WRITE_PATH, async (c) => {
    const { db, hints } = writes.target(c, metricSemantics('prometheus'), c.req.query('db'));
    const body = await writes.readBody(c, { snappy: 'always' });
    const pipelineName = (c.req.header(PIPELINE_HEADER) ?? '').trim();
    if (pipelineName === '') {
      // Decoded here: on an ingest worker (as line protocol is) it cost about 40% more CPU per sample
      // for no steady gain in samples/s (20 small tables per request). A metadata-only request writes nothing.
      const options = metricTableOptions('prometheus', c.req.query('physical_table')?.trim() || undefined, hints);
      await writes.write(remoteWriteRequests(db, body, options, (table) => deps.store.writeLayout?.(db, table, true)), 'prometheus');
      return c.body(null, 204);
    }
    const decoded = decodeRemoteWrite(body);
    if (decoded.sampleCount === 0) return c.body(null, 204); // metadata-only requests
    const pipeline = resolveDocsPipeline(deps, pipelineName, c.req.header(PIPELINE_VERSION_HEADER), { field: METRIC_TIME_COLUMN, unit: 'ms' });
    const semantics = { signalType: 'metric', source: 'prometheus' } as const;
    const requests: WriteRequest[] = [];
    for (const [table, docs] of toDocsByMetric(seriesRows(decoded.series))) {
      requests.push(...(await runDocsPipeline(deps, pipeline, docs, { db, table, semantics, hints, what: `${table} sample` }, requestBounds(c))));
    }
    await writes.write(requests, pipelineName);
    return c.body(null, 204);
  });
  return app;
}
