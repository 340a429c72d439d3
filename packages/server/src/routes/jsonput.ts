import { Hono, type Context } from 'hono';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { AppDeps } from '../deps.js';
import { describeError } from '../errors.js';
import { parseBoolParam } from '../params.js';
import { decodeOpenTsdbPut, openTsdbToWrites, type TsdbPointError } from '../protocols/opentsdb-put.js';
import type { WriteSupport } from '../write/write-support.js';
import type { TableSemantics } from '../write/semantic-options.js';

/** OpenTSDB's HTTP put under `/v1/jsonput`. */
export const JSONPUT_PUT = '/v1/jsonput/api/put';

export const JSONPUT_SEMANTICS: TableSemantics = { signalType: 'metric', source: 'opentsdb' };

/** OpenTSDB's error shape: `{"error": {"code": 400, "message": ..., "details": ...}}`. */
function tsdbError(c: Context, status: number, message: string, details?: string): Response {
  return c.body(JSON.stringify({ error: { code: status, message, ...(details === undefined ? {} : { details }) } }), status as 400, {
    'content-type': 'application/json',
  });
}

export function createJsonputRoutes(deps: AppDeps, writes: WriteSupport): Hono {
  const app = new Hono();
  app.onError((err, c) => {
    const d = describeError(err);
    if (d.httpStatus >= 500) deps.logging.forTarget('http').error({ err, path: c.req.path }, 'OpenTSDB put failed');
    return tsdbError(c, d.httpStatus, d.message);
  });
  writes.register(app, JSONPUT_PUT);
  app.post(JSONPUT_PUT, async (c) => {
    const summary = parseBoolParam('summary', c.req.query('summary')) ?? false;
    const details = parseBoolParam('details', c.req.query('details')) ?? false;
    const target = writes.target(c, JSONPUT_SEMANTICS, c.req.query('db'));
    const body = (await writes.readBody(c)).toString('utf8');
    let decoded: ReturnType<typeof decodeOpenTsdbPut>;
    try {
      decoded = decodeOpenTsdbPut(body);
    } catch (e) {
      throw new SluiceError(StatusCode.InvalidArguments, `Unable to parse the given JSON: ${(e as Error).message}`);
    }
    const { points, errors } = decoded;
    if (errors.length > 0) {
      // A malformed request writes nothing: every point is counted as failed.
      const failed = points.length + errors.length;
      if (details) return c.json({ errors: errors satisfies TsdbPointError[], failed, success: 0 }, 400);
      if (summary) return c.json({ failed, success: 0 }, 400);
      return tsdbError(c, 400, 'One or more data points had errors', `${errors[0]!.error}; append "details" to the put request for every error`);
    }
    await writes.write(openTsdbToWrites(points, target.db, target.options), 'opentsdb');
    if (details) return c.json({ errors: [], failed: 0, success: points.length }, 200);
    if (summary) return c.json({ failed: 0, success: points.length }, 200);
    return c.body(null, 204);
  });
  return app;
}
