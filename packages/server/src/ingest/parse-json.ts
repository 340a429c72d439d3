import { parse as parseLossless } from 'lossless-json';
import { SluiceError, StatusCode, type Value } from '@sluice/pipeline-core';
import { scanJson, type Spans } from './json-scan.js';

const INT_RE = /^-?\d+$/;
/** Marks an integer literal carried through JSON.parse as a string (a NUL, which JSON text can only escape). */
const MARK = '\u0000';

function parseNumber(text: string): number | bigint {
  if (INT_RE.test(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : BigInt(text);
  }
  return Number(text);
}

/**
 * Parses JSON text into a Value; integers beyond 2^53 stay exact as bigint. Throws a plain SyntaxError,
 * or a SluiceError (400) for a document nested deeper than `maxDepth` (`[ingest] max_json_depth`, default 128).
 *
 * One pass over the text checks the depth and finds the integer literals a double cannot hold; the text is
 * then parsed by JSON.parse with those literals quoted behind a mark, and the marked strings become
 * bigints (a 1,000-row log body with nanosecond timestamps: 3.9 ms against 7.0 ms for lossless-json).
 */
export function parseJsonExact(text: string, where = 'the JSON body', maxDepth?: number): Value {
  const spans = scanJson(text, where, maxDepth);
  if (spans.length === 0) return JSON.parse(text) as Value;
  // A document that escapes a NUL itself could hold a string that looks marked: the exact parser reads it.
  if (text.includes('\\u0000')) return parseLossless(text, null, parseNumber) as Value;
  let marked: Value;
  try {
    marked = JSON.parse(markIntegers(text, spans)) as Value;
  } catch {
    // The text itself is invalid (the marks only quote number literals): JSON.parse says where.
    return JSON.parse(text) as Value;
  }
  return unmark(marked);
}

function markIntegers(text: string, spans: Spans): string {
  let out = '';
  let at = 0;
  for (let k = 0; k < spans.length; k += 2) {
    out += `${text.slice(at, spans[k])}"\\u0000${text.slice(spans[k], spans[k + 1])}"`;
    at = spans[k + 1]!;
  }
  return out + text.slice(at);
}

function unmarked(v: Value): Value {
  if (typeof v === 'string') return v.charCodeAt(0) === 0 && v.startsWith(MARK) ? BigInt(v.slice(1)) : v;
  return v !== null && typeof v === 'object' ? unmark(v) : v;
}

/** Replaces marked strings by their bigints, in place (depth is bounded by the scan). */
function unmark(v: Value): Value {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = unmarked(v[i] as Value);
    return v;
  }
  if (v === null || typeof v !== 'object') return unmarked(v);
  const o = v as Record<string, Value>;
  for (const k of Object.keys(o)) {
    const x = unmarked(o[k]!);
    if (x === o[k]) continue;
    // `__proto__` is an own property of a parsed object: assigning it would set the prototype instead.
    if (k === '__proto__') Object.defineProperty(o, k, { value: x, writable: true, enumerable: true, configurable: true });
    else o[k] = x;
  }
  return o;
}

/** `parseJsonExact` with the failure as InvalidArguments naming where it happened. */
export function parseJsonOrFail(text: string, where: string, maxDepth?: number): Value {
  try {
    return parseJsonExact(text, where, maxDepth);
  } catch (e) {
    if (e instanceof SluiceError) throw e;
    throw new SluiceError(StatusCode.InvalidArguments, `invalid JSON in ${where}: ${(e as Error).message}`, { cause: e });
  }
}
