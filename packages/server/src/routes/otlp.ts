import { Hono, type Context } from 'hono';
import { SluiceError, StatusCode, type ColumnType } from '@sluice/pipeline-core';
import type { AppDeps } from '../deps.js';
import { decodeOtlp, encodeOtlpResponse, otlpEncoding, type OtlpEncoding } from '../protocols/otlp/decode-otlp.js';
import type { OtlpSignal } from '../protocols/otlp/otlp-schema.js';
import { logsToDocs, logsToRows, parseExtractKeys } from '../protocols/otlp/otlp-logs.js';
import { flattenedTraceRows, jsonTraceRows, spansOf } from '../protocols/otlp/otlp-traces.js';
import { DEFAULT_PROMOTED_RESOURCE_ATTRS, metricsToSeries, type OtlpMetricOptions } from '../protocols/otlp/otlp-metrics.js';
import { parseTranslationStrategy } from '../protocols/otlp/prom-names.js';
import { parseBoolParam } from '../params.js';
import { metricSemantics, metricTableOptions, metricWriteRequests } from '../write/metric-tables.js';
import type { TableSemantics } from '../write/semantic-options.js';
import type { WriteSupport } from '../write/write-support.js';
import { PIPELINE_HEADER, PIPELINE_VERSION_HEADER, requestBounds, resolveDocsPipeline, runDocsPipeline } from '../write/run-docs-pipeline.js';

export const OTLP_PATHS = { metrics: '/v1/otlp/v1/metrics', traces: '/v1/otlp/v1/traces', logs: '/v1/otlp/v1/logs' } as const;
export const TRACE_V1_PIPELINE = 'service_trace_v1';

const H = {
  logTable: 'x-service-log-table-name',
  logExtractKeys: 'x-service-log-extract-keys',
  logPipeline: 'x-service-log-pipeline-name',
  logPipelineVersion: 'x-service-log-pipeline-version',
  traceTable: 'x-service-trace-table-name',
  promoteAll: 'x-service-otlp-metric-promote-all-resource-attrs',
  promoteResource: 'x-service-otlp-metric-promote-resource-attrs',
  ignoreResource: 'x-service-otlp-metric-ignore-resource-attrs',
  promoteScope: 'x-service-otlp-metric-promote-scope-attrs',
  translation: 'x-service-otlp-metric-translation-strategy',
} as const;

export const OTLP_LOG_SEMANTICS: TableSemantics = { signalType: 'log', source: 'otlp', defaults: { append_mode: true } };
export const OTLP_TRACE_SEMANTICS: TableSemantics = { signalType: 'trace', source: 'otlp', defaults: { append_mode: true } };

function nameList(text: string | undefined): Set<string> {
  return new Set((text ?? '').split(';').map((s) => s.trim()).filter((s) => s !== ''));
}

function metricOptions(c: Context): OtlpMetricOptions {
  const all = parseBoolParam(H.promoteAll, c.req.header(H.promoteAll)) ?? false;
  const listed = c.req.header(H.promoteResource);
  return {
    strategy: parseTranslationStrategy(c.req.header(H.translation)),
    promoteResource: all ? { all: true, ignore: nameList(c.req.header(H.ignoreResource)) } : { all: false, names: listed === undefined ? new Set(DEFAULT_PROMOTED_RESOURCE_ATTRS) : nameList(listed) },
    promoteScope: parseBoolParam(H.promoteScope, c.req.header(H.promoteScope)) ?? false,
  };
}

async function readOtlp<S extends OtlpSignal>(c: Context, signal: S, writes: WriteSupport) {
  const encoding = otlpEncoding(c.req.header('content-type'));
  return { encoding, request: decodeOtlp(signal, await writes.readBody(c), encoding) };
}

function respond(c: Context, signal: OtlpSignal, encoding: OtlpEncoding, rejected: number, errors: readonly string[]) {
  const { body, contentType } = encodeOtlpResponse(signal, encoding, rejected, errors.slice(0, 5).join('; '));
  return c.body(body as string, 200, { 'Content-Type': contentType });
}

function tableName(c: Context, header: string, fallback: string): string {
  const t = (c.req.header(header) ?? '').trim();
  return t === '' ? fallback : t;
}

/** OTLP/HTTP: `POST /v1/otlp/v1/{metrics,traces,logs}`, protobuf or JSON, gzip; answers Export*ServiceResponse. */
export function createOtlpRoutes(deps: AppDeps, writes: WriteSupport): Hono {
  const app = new Hono();
  for (const path of Object.values(OTLP_PATHS)) writes.register(app, path);

  app.post(OTLP_PATHS.logs, async (c) => {
    const { db, options, hints } = writes.target(c, OTLP_LOG_SEMANTICS, c.req.query('db'));
    const table = tableName(c, H.logTable, 'opentelemetry_logs');
    const extractKeys = parseExtractKeys(c.req.header(H.logExtractKeys));
    const { encoding, request } = await readOtlp(c, 'logs', writes);
    const now = BigInt(Date.now()) * 1_000_000n;
    const pipelineName = (c.req.header(PIPELINE_HEADER) ?? c.req.header(H.logPipeline) ?? '').trim();
    if (pipelineName !== '') {
      const version = c.req.header(PIPELINE_VERSION_HEADER) ?? c.req.header(H.logPipelineVersion);
      const pipeline = resolveDocsPipeline(deps, pipelineName, version, { field: 'timestamp', unit: 'ns' });
      await writes.write(await runDocsPipeline(deps, pipeline, logsToDocs(request, now), { db, table, semantics: OTLP_LOG_SEMANTICS, hints, what: 'log record' }, requestBounds(c)), pipelineName);
    } else {
      const { schema, rows } = logsToRows(request, extractKeys, now);
      await writes.write([{ db, table, schema, rows, options }], 'otlp_logs');
    }
    return respond(c, 'logs', encoding, 0, []);
  });

  app.post(OTLP_PATHS.traces, async (c) => {
    const { db, options } = writes.target(c, OTLP_TRACE_SEMANTICS, c.req.query('db'));
    const table = tableName(c, H.traceTable, 'opentelemetry_traces');
    const pipelineName = (c.req.header(PIPELINE_HEADER) ?? '').trim();
    if (pipelineName !== '' && pipelineName !== TRACE_V1_PIPELINE) {
      throw new SluiceError(StatusCode.InvalidArguments, `traces take the pipeline '${TRACE_V1_PIPELINE}' (flattened attribute columns) or none (JSON attribute columns), not '${pipelineName}'`);
    }
    const { encoding, request } = await readOtlp(c, 'traces', writes);
    const { spans, rejected } = spansOf(request);
    // Column types come from the table as it is; a concurrent request may create or widen it between
    // reading and writing, so a schema conflict is retried once against the new table.
    let out;
    for (let attempt = 0; ; attempt++) {
      const existing = new Map<string, ColumnType>((deps.store.getTable(db, table)?.columns ?? []).map((col) => [col.name, col.type]));
      out = pipelineName === TRACE_V1_PIPELINE ? flattenedTraceRows(spans, existing, rejected) : jsonTraceRows(spans, rejected);
      if (out.rows.length === 0) break;
      try {
        await writes.write([{ db, table, schema: out.schema, rows: out.rows, options, widenColumns: true }], pipelineName || 'otlp_traces');
        break;
      } catch (e) {
        if (attempt > 0 || (e as { name?: string }).name !== 'SchemaConflictError') throw e;
      }
    }
    return respond(c, 'traces', encoding, out.rejected.length, out.rejected.map((r) => r.reason));
  });

  app.post(OTLP_PATHS.metrics, async (c) => {
    const { db, hints } = writes.target(c, metricSemantics('otlp'), c.req.query('db'));
    const opts = metricOptions(c);
    const { encoding, request } = await readOtlp(c, 'metrics', writes);
    const { series, rejected, errors } = metricsToSeries(request, opts);
    await writes.write(metricWriteRequests(db, series, metricTableOptions('otlp', undefined, hints), (table) => deps.store.writeLayout?.(db, table, true)), 'otlp_metrics');
    return respond(c, 'metrics', encoding, rejected, errors);
  });
  return app;
}
