import { SluiceError, StatusCode } from '@sluice/pipeline-core';

/**
 * How deep a JSON body may nest by default (`[ingest] max_json_depth`): serde_json's recursion limit,
 * which GreptimeDB's JSON parsing inherits. Deeper documents would overflow the stack in the code that
 * walks them after parsing, which is why the setting is capped (MAX_JSON_DEPTH_CEILING).
 */
export const MAX_JSON_DEPTH = 128;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

const MINUS = 0x2d;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
/** Digits of the longest safe integer (2^53 − 1 has 16): shorter integer literals are always exact. */
const SAFE_DIGITS = 16;

/** Start and end offsets of the integer literals outside strings that a double cannot hold exactly. */
export type Spans = number[];

/**
 * One pass over the text: brackets outside strings (a 400 naming the limit past `max` levels) and the
 * integer literals beyond 2^53, returned as [start, end) offsets in `spans` (empty when there are none).
 */
export function scanJson(text: string, where: string, max = MAX_JSON_DEPTH): Spans {
  const spans: Spans = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === QUOTE) {
      const end = stringEnd(text, i + 1);
      if (end === -1) return spans; // unterminated: JSON.parse reports it
      i = end;
    } else if (ch === OPEN_BRACE || ch === OPEN_BRACKET) {
      if (++depth > max) {
        throw new SluiceError(StatusCode.InvalidArguments, `${where} nests deeper than ${max} levels (at offset ${i}); the maximum JSON nesting depth is ${max} ([ingest] max_json_depth)`);
      }
    } else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) {
      depth--;
    } else if (ch === MINUS || (ch >= DIGIT_0 && ch <= DIGIT_9)) {
      // A number: its digits, and whether anything but digits follows the sign (a fraction, exponent).
      const start = i;
      let j = ch === MINUS ? i + 1 : i;
      while (j < text.length && text.charCodeAt(j) >= DIGIT_0 && text.charCodeAt(j) <= DIGIT_9) j++;
      let end = j;
      while (end < text.length && isNumberChar(text.charCodeAt(end))) end++;
      if (end === j && j - start >= SAFE_DIGITS && !Number.isSafeInteger(Number(text.slice(start, j)))) spans.push(start, j);
      i = end - 1;
    }
  }
  return spans;
}

/**
 * The offset of the quote closing a string whose contents start at `from` (-1 when unterminated). Strings
 * are most of a document: found with indexOf, a quote being escaped when an odd run of backslashes precedes it.
 */
function stringEnd(text: string, from: number): number {
  for (let j = from; ; ) {
    const q = text.indexOf('"', j);
    if (q === -1) return -1;
    let b = q - 1;
    while (b >= j && text.charCodeAt(b) === BACKSLASH) b--;
    if ((q - 1 - b) % 2 === 0) return q;
    j = q + 1;
  }
}

/** A character that continues a number literal after its integer digits (fraction, exponent, stray text). */
function isNumberChar(ch: number): boolean {
  return (ch >= DIGIT_0 && ch <= DIGIT_9) || ch === 0x2e || ch === 0x65 || ch === 0x45 || ch === 0x2b || ch === MINUS;
}
