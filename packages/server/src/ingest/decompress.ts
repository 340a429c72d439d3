import * as zlib from 'node:zlib';
import { StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';
import { zstdDecompress } from './zstd.js';

type Decoder = (buf: Buffer, opts: { maxOutputLength: number }) => Buffer;

const z = zlib as unknown as Record<string, unknown>;
const DECODERS: Record<string, Decoder> = {
  gzip: zlib.gunzipSync,
  'x-gzip': zlib.gunzipSync,
  deflate: (buf, opts) => (buf[0] !== undefined && (buf[0] & 0x0f) === 8 ? zlib.inflateSync(buf, opts) : zlib.inflateRawSync(buf, opts)),
  br: zlib.brotliDecompressSync,
  // Node's zlib has zstd from 22.15/23.8; before that, pure-JS fzstd.
  zstd: typeof z.zstdDecompressSync === 'function' ? (z.zstdDecompressSync as Decoder) : zstdDecompress,
};

export const SUPPORTED_ENCODINGS: readonly string[] = ['identity', ...Object.keys(DECODERS)];

/** Undoes `Content-Encoding`; the decoded size is held to `maxBytes` (413 beyond it). */
export function decompressBody(body: Buffer, encoding: string | undefined, maxBytes: number): Buffer {
  const enc = (encoding ?? '').trim().toLowerCase();
  if (enc === '' || enc === 'identity') return body;
  const decode = DECODERS[enc];
  if (decode === undefined) {
    throw new HttpRequestError(StatusCode.Unsupported, 415, `unsupported Content-Encoding '${encoding}' (accepted: ${SUPPORTED_ENCODINGS.join(', ')})`);
  }
  try {
    return decode(body, { maxOutputLength: maxBytes });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError) {
      throw new HttpRequestError(StatusCode.InvalidArguments, 413, `decompressed request body exceeds the body limit of ${maxBytes} bytes`);
    }
    throw new HttpRequestError(StatusCode.InvalidArguments, 400, `cannot decode ${enc} body: ${(e as Error).message}`, { cause: e });
  }
}
