import { Hono, type Context } from 'hono';
import { SINGLE_OUTPUT_FORMATS, sqlEncoder } from '../formats/sql-formats.js';
import { refuseMultiStatements } from '../formats/single-output.js';
import { elapsedMs } from '../middleware/request-start.js';
import { requireParam } from '../params.js';
import type { AppDeps } from '../deps.js';
import { queryLimits } from '../config/limits.js';
import { requestSignal } from '../middleware/timeout.js';

/** `sql`, `db` and `format` from the query string, else from a form body. */
async function sqlParams(c: Context): Promise<Record<string, string | undefined>> {
  const pick = (form: Record<string, unknown>, k: string) => c.req.query(k) ?? (typeof form[k] === 'string' ? (form[k] as string) : undefined);
  let form: Record<string, unknown> = {};
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (c.req.method === 'POST' && (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data'))) {
    form = await c.req.parseBody();
  }
  return { sql: pick(form, 'sql'), db: pick(form, 'db'), format: pick(form, 'format') };
}

/** `GET|POST /v1/sql`: runs SQL and encodes the outputs in the requested `format`. */
export function createSqlRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const limits = queryLimits(deps.config);
  const handler = async (c: Context) => {
    const p = await sqlParams(c);
    const format = sqlEncoder(p.format);
    const sql = requireParam('sql', p.sql, 'the SQL to run');
    const timezone = c.req.header('x-service-timezone') ?? deps.config.default_timezone;
    const signal = requestSignal(c);
    const outputs = await deps.query.executeSql(sql, {
      db: p.db || 'public',
      limits,
      ...(signal ? { signal } : {}),
      ...(timezone ? { timezone } : {}),
      ...(SINGLE_OUTPUT_FORMATS.has(format.name) ? { onParsed: (n: number) => refuseMultiStatements(n, format.name) } : {}),
    });
    const elapsed = elapsedMs(c);
    const { body, contentType } = format.encode(outputs, elapsed);
    return c.body(body, 200, { 'content-type': contentType, 'x-service-format': format.name, 'x-service-execution-time': String(elapsed) });
  };
  app.get('/v1/sql', handler);
  app.post('/v1/sql', handler);
  return app;
}
