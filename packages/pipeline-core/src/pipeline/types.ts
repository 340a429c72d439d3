import type { StatusCode } from '../errors/index.js';
import type { ColumnSchema } from '../schema/column-type.js';
import type { TableOptions } from '../table/table-options.js';
import type { Timestamp } from '../value/timestamp.js';
import type { Doc, Value } from '../value/value.js';

/** One destination table of a run: every row that got the same suffix and the same table options. */
export interface PipelineTable {
  /** Appended verbatim to the target table name (`''` when none was set). */
  readonly suffix: string;
  readonly options: TableOptions;
  readonly schema: ColumnSchema[];
  /**
   * Values in schema order; a column a row did not set is `null`. By column type: integers are
   * `number` (or `bigint` beyond 2^53), floats `number`, `string`, `boolean`, `json` any Value,
   * `binary` Uint8Array, `timestamp_<unit>` a Timestamp whose `unit` is the column's.
   */
  readonly rows: Value[][];
}

/** One item that failed (listed when `skipError` is set). */
export interface PipelineItemError {
  /** Position of the item in the `items` given to `run`. */
  readonly index: number;
  /** The processor that failed (absent for transform, table-option and dispatcher failures). */
  readonly processor?: { readonly index: number; readonly kind: string };
  readonly message: string;
  readonly code: StatusCode;
}

export interface PipelineResult {
  readonly tables: PipelineTable[];
  readonly errors: PipelineItemError[];
}

export interface RunOptions {
  /** Report failing items in `errors` and go on, instead of throwing on the first one. */
  readonly skipError?: boolean;
  /** The ingest time (`service_timestamp`); defaults to the current time. */
  readonly now?: Timestamp;
  /** The longest string or array a VRL expression may build (default 16 Mi characters or items). */
  readonly maxValueSize?: number;
  /** VRL work one record may do: calls, closure iterations, work on big values (default 10,000,000). */
  readonly maxSteps?: number;
  /**
   * When the request's time is up (ms since the epoch, `Date.now()`): the run stops between items and
   * inside VRL programs with DeadlineExceeded (1006), which `skipError` does not skip.
   */
  readonly deadline?: number;
}

/** A run fed in parts (see `Pipeline.start`). */
export interface PipelineRunner {
  /** Runs `items[from..to)` (item indexes in errors are positions in `items`). */
  add(items: readonly (Doc | string)[], from?: number, to?: number): void;
  /** The tables and errors of every item added. */
  finish(): PipelineResult;
}

/** A compiled pipeline: parse once, run many times. */
export interface Pipeline {
  readonly version: 1 | 2;
  readonly description: string | undefined;
  /** Things in the YAML that compile but have no effect (e.g. a rename that dissect ignores). */
  readonly warnings: readonly string[];
  /**
   * The columns the transform declares (what `/v1/pipelines/{name}/ddl` prints), or undefined when the
   * schema is inferred from the data (identity, auto transform).
   */
  readonly declaredSchema: readonly ColumnSchema[] | undefined;
  /** Whether rows may land in tables other than the target (dispatcher or table_suffix). */
  readonly hasVariantTableName: boolean;
  /** Runs items (JSON objects, or text lines that become `{ message: line }`) into rows per table. */
  run(items: readonly (Doc | string)[], opts?: RunOptions): PipelineResult;
  /** The pipelines a dispatcher's rules name ([] without a dispatcher). */
  readonly dispatchTargets: readonly string[];
  /** The same run fed in parts, so a caller on a shared thread can yield between slices of a big request. */
  start(opts?: RunOptions): PipelineRunner;
}

export interface ParseOptions {
  /** Looks up another pipeline by name, for `dispatcher` rules that name a `pipeline`. Called at run time. */
  readonly resolvePipeline?: (name: string) => Pipeline | undefined;
}
