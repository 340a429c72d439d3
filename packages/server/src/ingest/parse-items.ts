import { SluiceError, StatusCode, isValueMap, type Doc, type Value } from '@sluice/pipeline-core';
import { parseJsonExact, parseJsonOrFail } from './parse-json.js';

export const INGEST_CONTENT_TYPES = ['application/json', 'application/x-ndjson', 'text/plain'] as const;
export type IngestContentType = (typeof INGEST_CONTENT_TYPES)[number];

const ALIASES: Record<string, IngestContentType> = {
  'application/json': 'application/json',
  'application/x-ndjson': 'application/x-ndjson',
  'application/ndjson': 'application/x-ndjson',
  'application/jsonlines': 'application/x-ndjson',
  'application/x-jsonlines': 'application/x-ndjson',
  'text/plain': 'text/plain',
};

/** The media type of a `Content-Type` header, or a 400 naming the accepted ones. */
export function ingestContentType(header: string | undefined): IngestContentType {
  const media = (header ?? '').split(';')[0]!.trim().toLowerCase();
  const t = ALIASES[media];
  if (t === undefined) {
    throw new SluiceError(
      StatusCode.InvalidArguments,
      `unsupported Content-Type '${header ?? ''}' for log ingestion (accepted: ${INGEST_CONTENT_TYPES.join(', ')})`,
    );
  }
  return t;
}

function asDoc(v: Value, where: string): Doc {
  if (!isValueMap(v)) throw new SluiceError(StatusCode.InvalidArguments, `${where} is not a JSON object`);
  return v;
}

function ndjson(text: string, maxDepth: number | undefined): Doc[] {
  const out: Doc[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const doc = ndjsonLine(lines[i]!, i + 1, maxDepth);
    if (doc !== undefined) out.push(doc);
  }
  return out;
}

/** One NDJSON line (1-based `n`) as a document; undefined for a blank line. */
export function ndjsonLine(raw: string, n: number, maxDepth: number | undefined): Doc | undefined {
  const line = raw.trim();
  if (line === '') return undefined;
  return asDoc(parseJsonOrFail(line, `line ${n}`, maxDepth), `line ${n}`);
}

/**
 * The lines of a text body (split at `\n`, a `\r` before it dropped) that are not blank: what
 * `text.split(/\r?\n/).filter((l) => l.trim() !== '')` gives, without a regular expression and without
 * trimming a line that starts with a printable ASCII character (most log lines).
 */
export function textLines(text: string): string[] {
  const out: string[] = [];
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const stop = end < text.length && end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (stop > start) {
      const c = text.charCodeAt(start);
      const line = text.slice(start, stop);
      if ((c > 32 && c < 127) || line.trim() !== '') out.push(line);
    }
    start = end + 1;
  }
  return out;
}

/** Turns a request body into pipeline items: JSON objects, or text lines for `text/plain`. */
export function parseItems(text: string, type: IngestContentType, maxJsonDepth?: number): (Doc | string)[] {
  switch (type) {
    case 'text/plain':
      return textLines(text);
    case 'application/x-ndjson':
      return ndjson(text, maxJsonDepth);
    case 'application/json': {
      if (text.trim() === '') return [];
      let v: Value;
      try {
        v = parseJsonExact(text, 'the JSON body', maxJsonDepth);
      } catch (e) {
        if (e instanceof SluiceError) throw e;
        // Not one JSON document: NDJSON sent as application/json is accepted too.
        if (text.trim().includes('\n')) return ndjson(text, maxJsonDepth);
        throw new SluiceError(StatusCode.InvalidArguments, `invalid JSON body: ${(e as Error).message}`, { cause: e });
      }
      if (Array.isArray(v)) return v.map((x, i) => asDoc(x, `array element ${i}`));
      return [asDoc(v, 'the JSON body')];
    }
  }
}
