import { parse as parseLossless } from 'lossless-json';
import { SluiceError, StatusCode, type Value } from '@sluice/pipeline-core';
import { checkJsonDepth } from './json-depth.js';

const INT_RE = /^-?\d+$/;
/** A digit run long enough to be an integer beyond 2^53: only then pay for the lossless parser. */
const LONG_DIGITS = /\d{16,}/;

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
 */
export function parseJsonExact(text: string, where = 'the JSON body', maxDepth?: number): Value {
  checkJsonDepth(text, where, maxDepth);
  if (!LONG_DIGITS.test(text)) return JSON.parse(text) as Value;
  return parseLossless(text, null, parseNumber) as Value;
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
