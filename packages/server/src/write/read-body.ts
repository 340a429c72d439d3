import { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';
import { decompressBody } from '../ingest/decompress.js';
import { snappyDecode } from '../protocols/snappy.js';
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
  // Under @hono/node-server: straight from the Node request (a web stream over it costs more than the
  // decoding of a remote-write body), unless something has read from it already.
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof IncomingMessage && !incoming.readableDidRead) return readIncoming(incoming, limiter, lease, maxBytes);
  const stream = c.req.raw.body;
  if (stream === null) return Buffer.alloc(0);
  const body = new BodyChunks(limiter, lease, maxBytes);
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      body.add(value);
    }
  } catch (e) {
    await reader.cancel().catch(() => undefined);
    throw e;
  }
  return body.buffer();
}

/** A body's chunks as they arrive: each checked against the body limit and charged to the lease. */
class BodyChunks {
  private readonly chunks: Uint8Array[] = [];
  private total = 0;

  constructor(private readonly limiter: InFlightWrites, private readonly lease: WriteLease, private readonly maxBytes: number) {}

  /** Throws (413, or the limiter's 429) when the body grows past the limit or the bytes in flight. */
  add(chunk: Uint8Array): void {
    this.total += chunk.byteLength;
    if (this.total > this.maxBytes) throw tooLarge(this.maxBytes);
    if (this.total > this.lease.bytes) this.limiter.charge(this.lease, this.total - this.lease.bytes);
    this.chunks.push(chunk);
  }

  buffer(): Buffer {
    const only = this.chunks.length === 1 ? this.chunks[0]! : undefined;
    if (only !== undefined && Buffer.isBuffer(only)) return only;
    return Buffer.concat(this.chunks, this.total);
  }
}

/** readRaw's reading from a Node request: the same limits and charges, chunk by chunk. */
function readIncoming(incoming: IncomingMessage, limiter: InFlightWrites, lease: WriteLease, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const body = new BodyChunks(limiter, lease, maxBytes);
    const cleanup = (): void => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
    };
    const fail = (e: unknown): void => {
      cleanup();
      // The rest of the body is left unread (Node discards it once the response is sent).
      incoming.pause();
      reject(e);
    };
    const onData = (chunk: Buffer): void => {
      try {
        body.add(chunk);
      } catch (e) {
        fail(e);
      }
    };
    const onEnd = (): void => {
      cleanup();
      resolve(body.buffer());
    };
    const onError = (e: Error): void => fail(e);
    const onClose = (): void => {
      if (incoming.readableEnded) onEnd();
      else fail(new Error('the client closed the connection before the request body ended'));
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}

function unsnappy(raw: Buffer, maxBytes: number): Buffer {
  const out = snappyDecode(raw, maxBytes, 'request body');
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
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
