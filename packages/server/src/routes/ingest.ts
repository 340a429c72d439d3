import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { ingestContentType } from '../ingest/parse-items.js';
import { ingestLogs } from '../ingest/ingest-logs.js';
import { readBodyText } from '../ingest/read-body.js';
import { jsonExact } from '../formats/json-response.js';
import { requestSignal } from '../middleware/timeout.js';
import { parseBoolParam, parseParamsHeader, requireParam } from '../params.js';

/** `/v1/ingest`, and GreptimeDB's older `/v1/events/logs` for clients that still use it. */
export const INGEST_PATHS = ['/v1/ingest', '/v1/events/logs'] as const;

/** `POST` log lines through a pipeline into tables. */
export function createIngestRoutes(deps: AppDeps, maxBodyBytes: number): Hono {
  const app = new Hono();
  app.on('POST', [...INGEST_PATHS], async (c) => {
    const q = (name: string) => c.req.query(name);
    const headerParams = parseParamsHeader(c.req.header('x-service-pipeline-params'));
    const table = requireParam('table', q('table'), 'the table to write to');
    const pipelineName = requireParam('pipeline_name', q('pipeline_name') ?? c.req.header('x-service-pipeline-name'), 'or header x-service-pipeline-name');
    const skipError = parseBoolParam('skip_error', q('skip_error') ?? headerParams.get('skip_error')) ?? false;
    const contentType = ingestContentType(c.req.header('content-type'));
    const body = await readBodyText(c, maxBodyBytes, deps.config.http.is_strict_mode);
    const signal = requestSignal(c);
    const written = await ingestLogs(deps, {
      db: q('db') || 'public',
      table,
      pipelineName,
      version: q('version') ?? c.req.header('x-service-pipeline-version'),
      skipError,
      body,
      contentType,
      ...(signal ? { signal } : {}),
    });
    const output = written.length === 0 ? [{ affectedrows: 0 }] : written.map((w) => ({ affectedrows: w.affectedRows }));
    return jsonExact(c, { output });
  });
  return app;
}
