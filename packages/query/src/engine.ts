import type { ColumnType, Value } from '@sluice/pipeline-core';
import type { QueryLimits } from './exec/limits.js';
import type { PromqlMetadataRequest, PromqlRequest, PromqlResult } from './promql/result.js';

/** One column of a query result. `dataType` is GreptimeDB's display name (`Int64`, `TimestampMillisecond`, ...). */
export interface ResultColumn {
  readonly name: string;
  readonly type: ColumnType | 'null';
  readonly dataType: string;
}

/**
 * One statement's output. Record values: integers as number/bigint, timestamps as bigint counted
 * in the column's unit, json as parsed values, missing as null.
 */
export type StatementOutput =
  | { readonly kind: 'records'; readonly columns: readonly ResultColumn[]; readonly rows: readonly (readonly Value[])[] }
  | { readonly kind: 'affected_rows'; readonly count: number };

export interface SqlContext {
  /** Current database (`db` parameter), default `public`. */
  readonly db: string;
  /** IANA zone for timestamp literals without offset and for date functions; default UTC. */
  readonly timezone?: string;
  /** Aborts the statement being run (client gone, request timeout): it fails with Cancelled/DeadlineExceeded. */
  readonly signal?: AbortSignal;
  /** Budgets of this request (defaults: DEFAULT_QUERY_LIMITS). */
  readonly limits?: Partial<QueryLimits>;
  /**
   * Called with the number of statements once all of them parsed, before the first one runs; a throw
   * stops the request with nothing executed (the server refuses several statements for a format that
   * carries one result).
   */
  readonly onParsed?: (statementCount: number) => void;
}

/** The engine the server's `/v1/sql` route calls (created with `createQueryEngine(store)`). */
export interface QueryEngine {
  /** Runs one or more `;`-separated statements; throws a SluiceError (with its status code) on failure. */
  executeSql(sql: string, ctx: SqlContext): Promise<StatementOutput[]>;
  /** Runs one PromQL query (instant or range); bounded by the engine's limits and cancelled by `req.signal`. */
  executePromql(req: PromqlRequest): Promise<PromqlResult>;
  /** Label sets of the series matching `match[]` (Prometheus `/api/v1/series`). */
  promqlSeries(req: PromqlMetadataRequest): Promise<Record<string, string>[]>;
  /** Label names (Prometheus `/api/v1/labels`). */
  promqlLabelNames(req: PromqlMetadataRequest): Promise<string[]>;
  /** Values of one label (Prometheus `/api/v1/label/{name}/values`). */
  promqlLabelValues(name: string, req: PromqlMetadataRequest): Promise<string[]>;
}
