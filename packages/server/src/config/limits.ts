import type { QueryLimits } from '@sluice/query';
import { parseByteSize } from './byte-size.js';
import type { SluiceConfig } from './schema.js';

/** `[query]` as the engine's QueryLimits. */
export function queryLimits(config: SluiceConfig): QueryLimits {
  const q = config.query;
  return {
    memoryBytes: parseByteSize(q.memory_limit),
    resultBytes: parseByteSize(q.max_result_size),
    maxValueSize: parseByteSize(q.max_value_size),
    maxExprDepth: q.max_expr_depth,
    maxExprTerms: q.max_expr_terms,
    sliceMs: 10,
  };
}

/** What one ingest request may hold (`[ingest]`). */
export interface IngestLimits {
  /** Longest line of a text or NDJSON body, in characters. */
  readonly maxLineLength: number;
  /** Most items (lines, array elements) in one request. */
  readonly maxItems: number;
  /** Longest string or array a VRL expression may build. */
  readonly maxValueSize: number;
  /** Deepest nesting of a JSON body. */
  readonly maxJsonDepth: number;
  /** VRL work per record (calls, closure iterations, operators). */
  readonly vrlMaxSteps: number;
}

export function ingestLimits(config: SluiceConfig): IngestLimits {
  const i = config.ingest;
  return {
    maxLineLength: parseByteSize(i.max_line_length),
    maxItems: i.max_items,
    maxValueSize: parseByteSize(i.max_value_size),
    maxJsonDepth: i.max_json_depth,
    vrlMaxSteps: i.vrl_max_steps,
  };
}
