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

/** One pass over the text (brackets outside strings); a 400 naming the limit past `max` levels. */
export function checkJsonDepth(text: string, where: string, max = MAX_JSON_DEPTH): void {
  if (text.length <= max) return; // cannot open more than `max` brackets
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) {
      inString = true;
    } else if (ch === OPEN_BRACE || ch === OPEN_BRACKET) {
      if (++depth > max) {
        throw new SluiceError(StatusCode.InvalidArguments, `${where} nests deeper than ${max} levels (at offset ${i}); the maximum JSON nesting depth is ${max} ([ingest] max_json_depth)`);
      }
    } else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) {
      depth--;
    }
  }
}
