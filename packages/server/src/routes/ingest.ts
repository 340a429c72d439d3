import { Hono } from 'hono';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { AppDeps } from '../deps.js';
import { ingestContentType } from '../ingest/parse-items.js';
import { ingestLogs } from '../ingest/ingest-logs.js';
import { readBodyBytes } from '../ingest/read-body.js';
import { PIPELINE_PARAMS_HEADER, pipelineNameFrom, readPipelineParams } from '../ingest/pipeline-params.js';
import { jsonExact } from '../formats/json-response.js';
import { requestDeadline, requestSignal } from '../middleware/timeout.js';
import { tableOptionsFromHints, hintHeaders } from '../write/hints.js';
import { databaseParam } from '../params.js';

/** `/v1/ingest`, and GreptimeDB's older `/v1/events/logs` for clients that still use it. */
export const INGEST_PATHS = ['/v1/ingest', '/v1/events/logs'] as const;

/** GreptimeDB's `Invalid request parameter: ...` (400). */
export function invalidParameter(reason: string): SluiceError {
  return new SluiceError(StatusCode.InvalidArguments, `Invalid request parameter: ${reason}`);
}

/** `POST` log lines through a pipeline into tables. */
export function createIngestRoutes(deps: AppDeps, maxBodyBytes: number): Hono {
  const app = new Hono();
  app.on('POST', [...INGEST_PATHS], async (c) => {
    const query = c.req.query();
    const params = readPipelineParams(c.req.header(PIPELINE_PARAMS_HEADER), query);
    const table = query.table?.trim();
    if (!table) throw invalidParameter('table is required');
    const pipelineName = pipelineNameFrom((h) => c.req.header(h), query.pipeline_name);
    if (pipelineName === undefined) throw invalidParameter('pipeline_name is required (query parameter pipeline_name or header x-service-pipeline-name)');
    const hints = tableOptionsFromHints(hintHeaders(c));
    const contentType = ingestContentType(c.req.header('content-type'));
    const body = await readBodyBytes(c, maxBodyBytes);
    const signal = requestSignal(c);
    const deadline = requestDeadline(c);
    const written = await ingestLogs(deps, {
      db: databaseParam(query.db || c.req.header('x-service-db-name')),
      table,
      pipelineName,
      version: query.version ?? c.req.header('x-service-pipeline-version'),
      skipError: params.skipError,
      identity: params.identity,
      hints,
      body,
      strictUtf8: deps.config.http.is_strict_mode === true,
      contentType,
      ...(signal ? { signal } : {}),
      ...(deadline !== undefined ? { deadline } : {}),
    });
    const output = written.length === 0 ? [{ affectedrows: 0 }] : written.map((w) => ({ affectedrows: w.affectedRows }));
    return jsonExact(c, { output });
  });
  return app;
}
