import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { IngestLimits } from '../config/limits.js';
import { parseItems, type IngestContentType } from './parse-items.js';

/**
 * Checks a text or NDJSON body line by line before it is parsed: a line past `maxLineLength` is a
 * 400 naming the line and the limit (a regex over a 10 MB line is the costly part of a pipeline).
 */
export function checkLines(body: string, type: IngestContentType, limits: Pick<IngestLimits, 'maxLineLength'>): void {
  if (type === 'application/json') return; // one JSON document: the body limit bounds it
  const max = limits.maxLineLength;
  if (body.length <= max) return;
  let start = 0;
  for (let line = 1; start <= body.length; line++) {
    let end = body.indexOf('\n', start);
    if (end < 0) end = body.length;
    if (end - start > max) {
      throw new SluiceError(StatusCode.InvalidArguments, `line ${line} is ${(end - start).toLocaleString('en-US')} characters long, over the ${max.toLocaleString('en-US')} limit ([ingest] max_line_length)`);
    }
    start = end + 1;
  }
}

/** Checks how many items one request holds. */
export function checkItemCount(count: number, limits: Pick<IngestLimits, 'maxItems'>): void {
  if (count > limits.maxItems) {
    throw new SluiceError(StatusCode.InvalidArguments, `request has ${count.toLocaleString('en-US')} items, over the ${limits.maxItems.toLocaleString('en-US')} limit ([ingest] max_items); split it into several requests`);
  }
}

/** `parseItems` within the limits: lines checked before parsing, the item count after. */
export function parseItemsWithin(body: string, type: IngestContentType, limits: Pick<IngestLimits, 'maxLineLength' | 'maxItems'> & Partial<Pick<IngestLimits, 'maxJsonDepth'>>): ReturnType<typeof parseItems> {
  checkLines(body, type, limits);
  const items = parseItems(body, type, limits.maxJsonDepth);
  checkItemCount(items.length, limits);
  return items;
}
