import { Hono, type Context } from 'hono';
import type { AppDeps } from '../deps.js';
import { describeError } from '../errors.js';
import { buildInfo } from '../build-info.js';
import { lineProtocolToWrites, parsePrecision } from '../protocols/line-protocol-rows.js';
import type { WriteSupport } from '../write/write-support.js';
import { WorkerDecoder } from '../write/worker-decode.js';
import type { TableSemantics } from '../write/semantic-options.js';

/** InfluxDB's URLs under `/v1/lineproto`: v1 `/write`, v2 `/api/v2/write`, `/ping` and `/health`. */
export const LINEPROTO_PREFIX = '/v1/lineproto';
const V1_WRITE = `${LINEPROTO_PREFIX}/write`;
const V2_WRITE = `${LINEPROTO_PREFIX}/api/v2/write`;

/** Tables line protocol creates merge the fields of one series and time, as InfluxDB does. */
export const LINEPROTO_SEMANTICS: TableSemantics = { signalType: 'metric', source: 'influxdb', defaults: { merge_mode: 'last_non_null' } };

const V2_CODES: Record<number, string> = { 400: 'invalid', 401: 'unauthorized', 403: 'forbidden', 404: 'not found', 413: 'request too large', 429: 'too many requests', 503: 'unavailable' };

/** InfluxDB's error bodies: v1 `{"error": ...}` (+ `X-Influxdb-Error`), v2 `{"code": "invalid", "message": ...}`. */
function influxError(c: Context, err: unknown): Response {
  const d = describeError(err);
  const headers = { 'content-type': 'application/json', 'x-influxdb-error': d.message.replace(/[^\x20-\x7e]/g, '?').slice(0, 1024), 'x-service-error-code': String(d.code) };
  const body = c.req.path.startsWith(V2_WRITE)
    ? { code: V2_CODES[d.httpStatus] ?? 'internal error', message: d.message }
    : { error: d.message };
  return c.body(JSON.stringify(body), d.httpStatus, headers);
}

export function createLineprotoRoutes(deps: AppDeps, writes: WriteSupport): Hono {
  const app = new Hono();
  const version = buildInfo().version;
  const decoder = new WorkerDecoder(deps, writes);
  app.onError((err, c) => {
    const res = influxError(c, err);
    if (res.status >= 500) deps.logging.forTarget('http').error({ err, path: c.req.path }, 'line protocol write failed');
    return res;
  });

  const write = async (c: Context, dbParam: string | undefined) => {
    const precision = parsePrecision(c.req.query('precision'));
    const target = writes.target(c, LINEPROTO_SEMANTICS, dbParam);
    const body = await writes.readBody(c);
    const nowNs = BigInt(Date.now()) * 1_000_000n;
    const spec = { protocol: 'lineproto', db: target.db, precision, nowNs, options: target.options } as const;
    await decoder.write(spec, body, () => lineProtocolToWrites(body.toString('utf8'), spec), 'influxdb');
    return c.body(null, 204, { 'x-influxdb-version': version });
  };

  writes.register(app, V1_WRITE);
  writes.register(app, V2_WRITE);
  app.post(V1_WRITE, (c) => write(c, c.req.query('db')));
  app.post(V2_WRITE, (c) => write(c, c.req.query('bucket')));

  const ping = (c: Context) => c.body(null, 204, { 'x-influxdb-version': version, 'x-influxdb-build': 'sluice' });
  app.get(`${LINEPROTO_PREFIX}/ping`, ping);
  app.on('HEAD', `${LINEPROTO_PREFIX}/ping`, ping);
  app.get(`${LINEPROTO_PREFIX}/health`, (c) =>
    c.json({ name: 'sluice', message: 'ready for queries and writes', status: 'pass', checks: [], version }, 200, { 'x-influxdb-version': version }),
  );
  return app;
}
