/**
 * What one query may use. The server fills these from its `[query]` config section; tests and
 * embedders that pass nothing get the defaults (see docs/limits.md for each one).
 */
export interface QueryLimits {
  /** Bytes one query may hold at once: rows buffered by joins, sorts, aggregates and results, and strings built per batch. */
  readonly memoryBytes: number;
  /** Bytes of one statement's result (estimated as the rows are collected). */
  readonly resultBytes: number;
  /** The longest string (in characters) or array (in items) one function call may build. */
  readonly maxValueSize: number;
  /** Deepest nesting of SQL expressions (parentheses, operators, function calls) a statement may have. */
  readonly maxExprDepth: number;
  /** Most operator terms (`a OR b OR ...`, `x + y + ...`) one statement may hold. */
  readonly maxExprTerms: number;
  /** How long operators run before they yield to the event loop (other requests, `/health`). */
  readonly sliceMs: number;
}

export const MiB = 1024 * 1024;

export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  memoryBytes: 512 * MiB,
  resultBytes: 64 * MiB,
  maxValueSize: 16 * MiB,
  maxExprDepth: 128,
  maxExprTerms: 2_000,
  sliceMs: 10,
};
