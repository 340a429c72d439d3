import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../deps.js';
import { decodeReadRequest, encodeReadResponse } from '../../protocols/remote-read.js';
import { snappyDecode, snappyEncode } from '../../protocols/snappy.js';
import { selectSeries } from '../../read/select-series.js';
import { decompressBody } from '../../ingest/decompress.js';
import { DB_HEADER, resolveWriteDb } from '../../write/db.js';

export const REMOTE_READ_PATH = '/v1/metricsapi/read';

/** Most samples one remote-read request returns (bounds its memory: about 100 bytes a sample while the answer is built). */
export const REMOTE_READ_MAX_SAMPLES = 1_000_000;

/** The body as protobuf bytes: snappy whether or not Content-Encoding says so; another encoding undone first. */
async function readSnappyProtobuf(c: Context, maxBytes: number): Promise<Uint8Array> {
  const raw = Buffer.from(await c.req.arrayBuffer());
  const enc = (c.req.header('content-encoding') ?? '').trim().toLowerCase();
  if (enc === '' || enc === 'snappy' || enc === 'identity') return snappyDecode(raw, maxBytes, 'remote read body');
  return decompressBody(raw, enc, maxBytes);
}

/** `POST /v1/metricsapi/read`: Prometheus remote read (SAMPLES responses), so Prometheus can query Sluice. */
export function createRemoteReadRoutes(deps: AppDeps, maxBodyBytes: number): Hono {
  const app = new Hono();
  app.post(REMOTE_READ_PATH, async (c) => {
    const db = resolveWriteDb(deps.store, c.req.query('db'), c.req.header(DB_HEADER));
    const queries = decodeReadRequest(await readSnappyProtobuf(c, maxBodyBytes));
    const used = { samples: 0 };
    const results = [];
    for (const q of queries) results.push(await selectSeries(deps.store, db, q, { maxSamples: REMOTE_READ_MAX_SAMPLES }, used));
    const body = snappyEncode(encodeReadResponse(results));
    return c.body(body as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/x-protobuf', 'Content-Encoding': 'snappy' });
  });
  return app;
}
