import type { Context } from 'hono';
import SnappyJS from 'snappyjs';
import { StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';
import { decompressBody } from '../ingest/decompress.js';
import type { InFlightWrites, WriteLease } from './in-flight.js';

export interface ReadBodyOptions {
  /**
   * `snappy` block compression: `'encoding'` only with `Content-Encoding: snappy`; `'always'` also
   * without the header (Loki and remote-write clients that compress but do not say so).
   */
  readonly snappy?: 'encoding' | 'always';
}

function tooLarge(maxBytes: number): HttpRequestError {
  return new HttpRequestError(StatusCode.InvalidArguments, 413, `request body exceeds the body limit of ${maxBytes} bytes`);
}

/** Streams the raw body, charging its bytes to the lease as they arrive (chunked bodies included). */
async function readRaw(c: Context, limiter: InFlightWrites, lease: WriteLease, maxBytes: number): Promise<Buffer> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > 0) {
    if (declared > maxBytes) throw tooLarge(maxBytes);
    limiter.charge(lease, declared);
  }
  const stream = c.req.raw.body;
  if (stream === null) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge(maxBytes);
      if (total > lease.bytes) limiter.charge(lease, total - lease.bytes);
      chunks.push(value);
    }
  } catch (e) {
    await reader.cancel().catch(() => undefined);
    throw e;
  }
  return Buffer.concat(chunks, total);
}

function unsnappy(raw: Buffer, maxBytes: number): Buffer {
  try {
    return Buffer.from(SnappyJS.uncompress(raw, maxBytes) as Uint8Array);
  } catch (e) {
    const msg = (e as Error).message;
    if (/too big/.test(msg)) throw tooLarge(maxBytes);
    throw new HttpRequestError(StatusCode.InvalidArguments, 400, `cannot decode snappy body: ${msg}`, { cause: e });
  }
}

/**
 * A write request's body: streamed under the body limit and the in-flight budget, then decoded
 * (`Content-Encoding` gzip, deflate, br, zstd, and snappy per `opts`); the decoded size is held to
 * the body limit and charged to the budget too.
 */
export async function readWriteBody(c: Context, limiter: InFlightWrites, lease: WriteLease, maxBytes: number, opts: ReadBodyOptions = {}): Promise<Buffer> {
  const raw = await readRaw(c, limiter, lease, maxBytes);
  const enc = (c.req.header('content-encoding') ?? '').trim().toLowerCase();
  let body: Buffer;
  if (enc === 'snappy') body = unsnappy(raw, maxBytes);
  else {
    body = decompressBody(raw, enc, maxBytes);
    if (opts.snappy === 'always' && (enc === '' || enc === 'identity')) body = unsnappy(body, maxBytes);
  }
  if (body.length > raw.length) limiter.charge(lease, body.length - raw.length);
  return body;
}
