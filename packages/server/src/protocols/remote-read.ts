import { StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';
import { ReadRequestType, ReadResponseType, int64ToNumber, type Int64 } from './prompb.js';

export type MatcherType = 'EQ' | 'NEQ' | 'RE' | 'NRE';
const MATCHER_TYPES: readonly MatcherType[] = ['EQ', 'NEQ', 'RE', 'NRE'];

export interface LabelMatcher {
  readonly type: MatcherType;
  readonly name: string;
  readonly value: string;
}

export interface ReadQuery {
  /** Inclusive bounds in milliseconds. */
  readonly startMs: number;
  readonly endMs: number;
  readonly matchers: readonly LabelMatcher[];
}

export interface ResultSeries {
  /** Sorted by name, `__name__` included. */
  readonly labels: readonly (readonly [string, string])[];
  readonly samples: readonly { readonly value: number; readonly timestampMs: number }[];
}

/** `accepted_response_types`: 0 = SAMPLES (the only one Sluice answers), 1 = STREAMED_XOR_CHUNKS. */
const SAMPLES = 0;

interface RawQuery {
  startTimestampMs?: Int64;
  endTimestampMs?: Int64;
  matchers?: { type?: number; name?: string; value?: string }[];
}

/** Decodes a snappy-decoded `ReadRequest`; an unknown matcher type or a chunked-only request is a 400. */
export function decodeReadRequest(bytes: Uint8Array): ReadQuery[] {
  let msg: { queries?: RawQuery[]; acceptedResponseTypes?: number[] };
  try {
    msg = ReadRequestType.decode(bytes) as unknown as typeof msg;
  } catch (e) {
    throw new HttpRequestError(StatusCode.InvalidArguments, 400, `remote read body is not a valid prometheus.ReadRequest: ${(e as Error).message}`, { cause: e });
  }
  const accepted = msg.acceptedResponseTypes ?? [];
  if (accepted.length > 0 && !accepted.includes(SAMPLES)) {
    throw new HttpRequestError(StatusCode.Unsupported, 400, `remote read: accepted_response_types [${accepted.join(', ')}] does not include SAMPLES (0), the only response type Sluice sends`);
  }
  return (msg.queries ?? []).map((q, i) => ({
    startMs: int64ToNumber(q.startTimestampMs),
    endMs: int64ToNumber(q.endTimestampMs),
    matchers: (q.matchers ?? []).map((m, j) => {
      const type = MATCHER_TYPES[m.type ?? 0];
      if (type === undefined) throw new HttpRequestError(StatusCode.InvalidArguments, 400, `queries[${i}].matchers[${j}]: unknown matcher type ${m.type}`);
      return { type, name: m.name ?? '', value: m.value ?? '' };
    }),
  }));
}

/** Encodes a `ReadResponse` (one result per query, in order), not yet snappy-compressed. */
export function encodeReadResponse(results: readonly (readonly ResultSeries[])[]): Uint8Array {
  return ReadResponseType.encode({
    results: results.map((series) => ({
      timeseries: series.map((s) => ({
        labels: s.labels.map(([name, value]) => ({ name, value })),
        samples: s.samples.map((x) => ({ value: x.value, timestamp: x.timestampMs })),
      })),
    })),
  }).finish();
}

/** Encodes a `ReadRequest` (tests and examples; Prometheus is the usual sender). */
export function encodeReadRequest(queries: readonly ReadQuery[]): Uint8Array {
  return ReadRequestType.encode({
    queries: queries.map((q) => ({
      startTimestampMs: q.startMs,
      endTimestampMs: q.endMs,
      matchers: q.matchers.map((m) => ({ type: MATCHER_TYPES.indexOf(m.type), name: m.name, value: m.value })),
    })),
    acceptedResponseTypes: [SAMPLES],
  }).finish();
}

/** Decodes a `ReadResponse` (tests). */
export function decodeReadResponse(bytes: Uint8Array): ResultSeries[][] {
  const msg = ReadResponseType.decode(bytes) as unknown as {
    results?: { timeseries?: { labels?: { name: string; value: string }[]; samples?: { value?: number; timestamp?: Int64 }[] }[] }[];
  };
  return (msg.results ?? []).map((r) =>
    (r.timeseries ?? []).map((t) => ({
      labels: (t.labels ?? []).map((l) => [l.name, l.value] as const),
      samples: (t.samples ?? []).map((s) => ({ value: s.value ?? 0, timestampMs: int64ToNumber(s.timestamp) })),
    })),
  );
}
