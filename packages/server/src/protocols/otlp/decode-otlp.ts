import { StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../../errors.js';
import { OTLP_TYPES, type OtlpSignal } from './otlp-schema.js';
import type { OtlpRequests } from './otlp-types.js';

export type OtlpEncoding = 'protobuf' | 'json';

/** `application/json` → JSON; `application/x-protobuf` (or `application/protobuf`, or none) → protobuf. */
export function otlpEncoding(contentType: string | undefined): OtlpEncoding {
  const ct = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (ct === 'application/json') return 'json';
  if (ct === '' || ct === 'application/x-protobuf' || ct === 'application/protobuf' || ct === 'application/octet-stream') return 'protobuf';
  throw new HttpRequestError(StatusCode.Unsupported, 415, `unsupported Content-Type '${contentType}' for OTLP/HTTP (use application/x-protobuf or application/json)`);
}

const ID_KEYS = new Set(['traceId', 'spanId', 'parentSpanId']);
const HEX_RE = /^(?:[0-9a-fA-F]{2})*$/;

/**
 * OTLP/JSON differs from the protobuf JSON mapping in one place: trace and span ids are hex, not
 * base64. Turns them into bytes in place (any depth: spans, links, log records, exemplars), naming
 * the path of a bad one.
 */
const MAX_JSON_DEPTH = 16;

function hexIdsToBytes(node: unknown, path: string, depth = 0): void {
  if (depth > MAX_JSON_DEPTH) throw new HttpRequestError(StatusCode.InvalidArguments, 400, `OTLP/JSON ${path}: nested deeper than any OTLP message`);
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) hexIdsToBytes(node[i], `${path}[${i}]`, depth + 1);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const obj = node as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    if (ID_KEYS.has(key) && typeof v === 'string') {
      if (!HEX_RE.test(v)) throw new HttpRequestError(StatusCode.InvalidArguments, 400, `OTLP/JSON ${path}.${key}: expected a hex id, got ${JSON.stringify(v.slice(0, 40))}`);
      obj[key] = Buffer.from(v, 'hex');
    } else if (typeof v === 'object' && v !== null && key !== 'value' && key !== 'attributes' && key !== 'body') {
      // AnyValue trees (attributes, bodies) hold no ids and can be large: not walked.
      hexIdsToBytes(v, `${path}.${key}`, depth + 1);
    }
  }
}

/** Decodes an Export*ServiceRequest body (already decompressed) of either encoding; a malformed one is a 400. */
export function decodeOtlp<S extends OtlpSignal>(signal: S, body: Uint8Array, encoding: OtlpEncoding): OtlpRequests[S] {
  const type = OTLP_TYPES[signal].request;
  if (encoding === 'protobuf') {
    try {
      return type.decode(body) as unknown as OtlpRequests[S];
    } catch (e) {
      throw new HttpRequestError(StatusCode.InvalidArguments, 400, `OTLP ${signal} body is not a valid protobuf ${type.name}: ${(e as Error).message}`, { cause: e });
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch (e) {
    throw new HttpRequestError(StatusCode.InvalidArguments, 400, `OTLP ${signal} body is not valid JSON: ${(e as Error).message}`, { cause: e });
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new HttpRequestError(StatusCode.InvalidArguments, 400, `OTLP ${signal} JSON body must be an object (${type.name})`);
  }
  hexIdsToBytes(json, '$');
  try {
    return type.fromObject(json as Record<string, unknown>) as unknown as OtlpRequests[S];
  } catch (e) {
    throw new HttpRequestError(StatusCode.InvalidArguments, 400, `OTLP ${signal} JSON body is not a valid ${type.name}: ${(e as Error).message}`, { cause: e });
  }
}

/** The Export*ServiceResponse, with partial success when something was rejected. */
export function encodeOtlpResponse(signal: OtlpSignal, encoding: OtlpEncoding, rejected: number, errorMessage: string): { body: Uint8Array | string; contentType: string } {
  const { response, rejectedField } = OTLP_TYPES[signal];
  const partial = rejected > 0 || errorMessage !== '' ? { partialSuccess: { [rejectedField]: rejected, errorMessage } } : {};
  if (encoding === 'json') return { body: JSON.stringify(partial), contentType: 'application/json' };
  return { body: response.encode(partial).finish(), contentType: 'application/x-protobuf' };
}
