import protobuf from 'protobufjs';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';

/**
 * Loki push bodies, decoded without HTTP, into streams of entries:
 * - protobuf `logproto.PushRequest` (the caller undoes snappy), as promtail and winston-loki send;
 * - JSON `{"streams": [{"stream": {...labels}, "values": [["<ns>", "line", {...metadata}?], ...]}]}`.
 */

export interface LokiEntry {
  /** Nanoseconds since the epoch. */
  readonly ns: bigint;
  readonly line: string;
  /** Structured metadata (Loki 3), `{}` when the entry has none. */
  readonly metadata: Readonly<Record<string, string>>;
}

export interface LokiStream {
  readonly labels: Readonly<Record<string, string>>;
  readonly entries: readonly LokiEntry[];
}

const root = protobuf.Root.fromJSON({
  nested: {
    logproto: {
      nested: {
        PushRequest: { fields: { streams: { rule: 'repeated', type: 'StreamAdapter', id: 1 } } },
        StreamAdapter: {
          fields: {
            labels: { type: 'string', id: 1 },
            entries: { rule: 'repeated', type: 'EntryAdapter', id: 2 },
            hash: { type: 'uint64', id: 3 },
          },
        },
        EntryAdapter: {
          fields: {
            timestamp: { type: 'Timestamp', id: 1 },
            line: { type: 'string', id: 2 },
            structuredMetadata: { rule: 'repeated', type: 'LabelPairAdapter', id: 3 },
          },
        },
        LabelPairAdapter: { fields: { name: { type: 'string', id: 1 }, value: { type: 'string', id: 2 } } },
        Timestamp: { fields: { seconds: { type: 'int64', id: 1 }, nanos: { type: 'int32', id: 2 } } },
      },
    },
  },
});
/** The protobuf message type, exported so tests and benches can encode bodies. */
export const PushRequest = root.lookupType('logproto.PushRequest');

function bad(message: string): never {
  throw new SluiceError(StatusCode.InvalidArguments, message);
}

/**
 * Parses a Prometheus-style label set, `{app="api", level="info"}` (values escape `\"`, `\\`, `\n`).
 */
export function parseLokiLabels(text: string, where: string): Record<string, string> {
  const out: Record<string, string> = {};
  const s = text.trim();
  if (s === '' || s === '{}') return out;
  if (s[0] !== '{' || s[s.length - 1] !== '}') bad(`${where}: invalid labels ${JSON.stringify(text)}: expected {name="value", ...}`);
  const re = /\s*([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*(,|$)/y;
  const inner = s.slice(1, -1);
  re.lastIndex = 0;
  while (re.lastIndex < inner.length) {
    const at = re.lastIndex;
    const m = re.exec(inner);
    if (m === null) bad(`${where}: invalid labels ${JSON.stringify(text)} at offset ${at + 1}`);
    out[m[1]!] = m[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    if (m[3] === '') break;
  }
  return out;
}

function int64ToBigInt(v: unknown): bigint {
  if (v === undefined || v === null) return 0n;
  if (typeof v === 'number') return BigInt(Math.trunc(v));
  return BigInt(String(v));
}

/** Decodes a (decompressed) protobuf PushRequest. */
export function decodeLokiProtobuf(buf: Uint8Array): LokiStream[] {
  let msg: { streams?: { labels?: string; entries?: { timestamp?: { seconds?: unknown; nanos?: number }; line?: string; structuredMetadata?: { name?: string; value?: string }[] }[] }[] };
  try {
    msg = PushRequest.decode(buf) as unknown as typeof msg;
  } catch (e) {
    bad(`cannot decode Loki protobuf PushRequest: ${(e as Error).message}`);
  }
  return (msg.streams ?? []).map((st, i) => ({
    labels: parseLokiLabels(st.labels ?? '', `streams[${i}].labels`),
    entries: (st.entries ?? []).map((e) => {
      const metadata: Record<string, string> = {};
      for (const p of e.structuredMetadata ?? []) metadata[p.name ?? ''] = p.value ?? '';
      return { ns: int64ToBigInt(e.timestamp?.seconds) * 1_000_000_000n + BigInt(e.timestamp?.nanos ?? 0), line: e.line ?? '', metadata };
    }),
  }));
}

function stringMap(v: unknown, where: string): Record<string, string> {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) bad(`${where}: expected an object of strings`);
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (typeof x !== 'string') bad(`${where}.${k}: expected a string, got ${JSON.stringify(x)}`);
    out[k] = x;
  }
  return out;
}

/** Decodes a JSON push body; every problem names its place (`streams[0].values[3][0]`). */
export function decodeLokiJson(text: string): LokiStream[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (e) {
    bad(`cannot parse Loki JSON push body: ${(e as Error).message}`);
  }
  const streams = (body as { streams?: unknown })?.streams;
  if (!Array.isArray(streams)) bad('Loki JSON push body: expected {"streams": [...]}');
  return streams.map((st: unknown, i) => {
    const where = `streams[${i}]`;
    if (st === null || typeof st !== 'object') bad(`${where}: expected an object`);
    const labels = stringMap((st as { stream?: unknown }).stream, `${where}.stream`);
    const values = (st as { values?: unknown }).values;
    if (!Array.isArray(values)) bad(`${where}.values: expected an array of [timestamp, line]`);
    const entries = values.map((v: unknown, j) => {
      const w = `${where}.values[${j}]`;
      if (!Array.isArray(v) || v.length < 2 || v.length > 3) bad(`${w}: expected [timestamp, line] or [timestamp, line, metadata]`);
      const [ts, line, meta] = v as unknown[];
      if (typeof ts !== 'string' || !/^\d{1,19}$/.test(ts)) bad(`${w}[0]: expected a nanosecond timestamp string, got ${JSON.stringify(ts)}`);
      if (typeof line !== 'string') bad(`${w}[1]: expected the log line as a string`);
      return { ns: BigInt(ts), line, metadata: stringMap(meta, `${w}[2]`) };
    });
    return { labels, entries };
  });
}
