import { Hono } from 'hono';
import type { AppDeps } from '../../deps.js';
import { decodeReadRequest, encodeReadResponse } from '../../protocols/remote-read.js';
import { snappyEncode } from '../../protocols/snappy.js';
import { selectSeries } from '../../read/select-series.js';
import { requestDb } from '../../write/request-db.js';
import { readSnappyProtobuf } from './remote-write.js';

export const REMOTE_READ_PATH = '/v1/metricsapi/read';

/** Most samples one remote-read request returns (bounds its memory: about 100 bytes a sample while the answer is built). */
export const REMOTE_READ_MAX_SAMPLES = 1_000_000;

/** `POST /v1/metricsapi/read`: Prometheus remote read (SAMPLES responses), so Prometheus can query Sluice. */
export function createRemoteReadRoutes(deps: AppDeps, maxBodyBytes: number): Hono {
  const app = new Hono();
  app.post(REMOTE_READ_PATH, async (c) => {
    const db = requestDb(c, deps.store);
    const queries = decodeReadRequest(await readSnappyProtobuf(c, maxBodyBytes, 'remote read body'));
    const used = { samples: 0 };
    const results = [];
    for (const q of queries) results.push(await selectSeries(deps.store, db, q, { maxSamples: REMOTE_READ_MAX_SAMPLES }, used));
    const body = snappyEncode(encodeReadResponse(results));
    return c.body(body as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/x-protobuf', 'Content-Encoding': 'snappy' });
  });
  return app;
}
