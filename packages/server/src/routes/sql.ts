import { Hono, type Context } from 'hono';
import { SluiceError, StatusCode, stringifyExact } from '@sluice/pipeline-core';
import { formatSql, isReadOnlySql, parseSqlStatements } from '@sluice/query';
import { SINGLE_OUTPUT_FORMATS, sqlEncoder } from '../formats/sql-formats.js';
import { refuseMultiStatements } from '../formats/single-output.js';
import { elapsedMs } from '../middleware/request-start.js';
import { readForm } from '../ingest/read-form.js';
import { checkAccess } from '../auth/permission.js';
import { databaseParam } from '../params.js';
import { tableOptionsFromHints, hintHeaders } from '../write/hints.js';
import type { AppDeps } from '../deps.js';
import { queryLimits } from '../config/limits.js';
import { requestDeadline, requestSignal, TIMEOUT_HEADER } from '../middleware/timeout.js';
import { mayOnlyRead } from '../workers/query-protocol.js';

/** `sql`, `db` and `format` from the query string, else from a form body. */
async function sqlParams(c: Context): Promise<Record<string, string | undefined>> {
  const pick = (form: Record<string, unknown>, k: string) => c.req.query(k) ?? (typeof form[k] === 'string' ? (form[k] as string) : undefined);
  let form: Record<string, unknown> = {};
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (c.req.method === 'POST' && (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data'))) {
    form = await readForm(c);
  }
  return { sql: pick(form, 'sql'), db: pick(form, 'db'), format: pick(form, 'format') };
}

/** GreptimeDB's wording for a request without `sql`, which its clients match. */
function requireSql(sql: string | undefined): string {
  if (sql === undefined || sql.trim() === '') throw new SluiceError(StatusCode.InvalidArguments, 'sql parameter is required.');
  return sql;
}

/**
 * `GET|POST /v1/sql`: runs SQL and encodes the outputs in the requested `format`; `/v1/sql/parse`
 * answers the statements' syntax trees and `/v1/sql/format` the formatted SQL (`{"formatted": ...}`).
 */
export function createSqlRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limits = queryLimits(deps.config);
  const handler = async (c: Context) => {
    const p = await sqlParams(c);
    const format = sqlEncoder(p.format);
    const sql = requireSql(p.sql);
    // Hints only shape tables that a write creates; SQL never creates one implicitly (INSERT into a
    // missing table fails, CREATE TABLE takes WITH), so here they are only checked.
    tableOptionsFromHints(hintHeaders(c));
    const permission = c.get('permission');
    if (permission !== undefined && permission !== 'rw') checkAccess(permission, isReadOnlySql(sql) ? 'read' : 'write');
    const timezone = c.req.header('x-service-timezone') ?? deps.config.default_timezone;
    const signal = requestSignal(c);
    const db = databaseParam(p.db ?? c.req.header('x-service-db-name'));
    // Read-only SQL runs on a query worker (the main thread only does HTTP); writes, and SQL the
    // worker finds writes in, run here, where the store's writes and catalog live.
    // A query sent before any worker has loaded waits for one: run here, it would hold the main
    // thread (and /health) for as long as it runs.
    if (deps.queryWorkers !== undefined && mayOnlyRead(sql)) {
      const deadline = requestDeadline(c);
      let r;
      try {
        r = await deps.queryWorkers.run(
          {
            kind: 'sql',
            sql,
            db,
            format: format.name,
            startedAt: performance.timeOrigin + (c.get('requestStart') ?? performance.now()),
            ...(timezone ? { timezone } : {}),
            ...(deadline !== undefined ? { deadline, timeoutText: c.req.header(TIMEOUT_HEADER)?.trim() || deps.config.http.timeout } : {}),
          },
          signal,
        );
      } catch (e) {
        deps.metrics.queryWorkerTasks.inc({ kind: 'sql' });
        throw e;
      }
      if (!r.write) {
        deps.metrics.queryWorkerTasks.inc({ kind: 'sql' });
        return c.body(r.body, 200, { 'content-type': r.contentType, 'x-service-format': format.name, 'x-service-execution-time': String(r.elapsedMs) });
      }
    }
    let statements = 0;
    const refuse = SINGLE_OUTPUT_FORMATS.has(format.name);
    const run = () =>
      deps.query.executeSql(sql, {
        db,
        limits,
        ...(signal ? { signal } : {}),
        ...(timezone ? { timezone } : {}),
        onParsed: (n: number) => {
          statements = n;
          if (refuse) refuseMultiStatements(n, format.name);
        },
      });
    let outputs;
    try {
      outputs = await run();
    } catch (e) {
      // A store that caches a shared catalog (ClickHouse backend) may not know yet a table another
      // server just created: reload and run a single statement once more (it failed without effect).
      if (statements !== 1 || deps.store.refreshCatalog === undefined || (e as { code?: unknown }).code !== StatusCode.TableNotFound) throw e;
      await deps.store.refreshCatalog();
      outputs = await run();
    }
    const elapsed = elapsedMs(c);
    const { body, contentType } = format.encode(outputs, elapsed);
    return c.body(body, 200, { 'content-type': contentType, 'x-service-format': format.name, 'x-service-execution-time': String(elapsed) });
  };
  app.get('/v1/sql', handler);
  app.post('/v1/sql', handler);

  const parse = async (c: Context) => {
    const sql = requireSql((await sqlParams(c)).sql);
    return c.body(stringifyExact(parseSqlStatements(sql)), 200, { 'content-type': 'application/json' });
  };
  app.get('/v1/sql/parse', parse);
  app.post('/v1/sql/parse', parse);

  const format = async (c: Context) => {
    const sql = requireSql((await sqlParams(c)).sql);
    return c.json({ formatted: formatSql(sql) });
  };
  app.get('/v1/sql/format', format);
  app.post('/v1/sql/format', format);
  return app;
}
