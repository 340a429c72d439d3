import { Hono } from 'hono';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { WriteRequest } from '@sluice/storage';
import type { AppDeps } from '../deps.js';
import { jsonExact } from '../formats/json-response.js';
import { decodeLokiJson, decodeLokiProtobuf } from '../protocols/loki-push.js';
import { lokiToDocs, lokiToWrite } from '../protocols/loki-rows.js';
import { protocolTableOptions, type TableSemantics } from '../write/semantic-options.js';
import type { WriteSupport } from '../write/write-support.js';
import { runPipelineBounded } from '../pipelines/run-bounded.js';
import { requestBounds } from '../write/run-docs-pipeline.js';

/** Loki's push API under `/v1/logpush`. */
export const LOGPUSH_PUSH = '/v1/logpush/api/v1/push';
export const LOGPUSH_DEFAULT_TABLE = 'logpush_logs';
export const LOG_TABLE_HEADER = 'x-service-log-table-name';

export const LOGPUSH_SEMANTICS: TableSemantics = { signalType: 'log', source: 'loki', defaults: { append_mode: true } };

export function createLogpushRoutes(deps: AppDeps, writes: WriteSupport): Hono {
  const app = new Hono();
  writes.register(app, LOGPUSH_PUSH);
  app.post(LOGPUSH_PUSH, async (c) => {
    const { db, options, hints } = writes.target(c, LOGPUSH_SEMANTICS, c.req.query('db'));
    const table = (c.req.header(LOG_TABLE_HEADER) ?? LOGPUSH_DEFAULT_TABLE).trim();
    if (table === '') throw new SluiceError(StatusCode.InvalidArguments, `empty table name in header ${LOG_TABLE_HEADER}`);
    const json = /^\s*application\/json/i.test(c.req.header('content-type') ?? '');
    // Protobuf pushes are snappy-compressed even when the client does not say so (winston-loki).
    const body = await writes.readBody(c, json ? {} : { snappy: 'always' });
    const streams = json ? decodeLokiJson(body.toString('utf8')) : decodeLokiProtobuf(body);
    const pipelineName = c.req.header('x-service-pipeline-name');
    let requests: WriteRequest[];
    if (pipelineName === undefined || pipelineName.trim() === '') {
      requests = [lokiToWrite(streams, db, table, options)];
    } else {
      const name = pipelineName.trim();
      const version = c.req.header('x-service-pipeline-version');
      const { pipeline, source } = deps.pipelines.forRun(name, version, undefined, deps.pipelineWorkers !== undefined);
      const result = await runPipelineBounded(deps, { pipeline, source, items: lokiToDocs(streams), skipError: false, ...requestBounds(c) });
      if (result.errors.length > 0) {
        const first = result.errors[0]!;
        throw new SluiceError(first.code, `entry ${first.index}: ${first.message}`);
      }
      requests = result.tables.map((t) => ({
        db,
        table: table + t.suffix,
        schema: t.schema,
        rows: t.rows,
        options: protocolTableOptions(LOGPUSH_SEMANTICS, { ...t.options, ...hints, extra: { ...t.options.extra, ...hints.extra } }),
      }));
    }
    const written = await writes.write(requests, 'loki');
    const output = written.length === 0 ? [{ affectedrows: 0 }] : written.map((w) => ({ affectedrows: w.affectedRows }));
    return jsonExact(c, { output });
  });
  return app;
}
