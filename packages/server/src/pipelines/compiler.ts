import type { ColumnSchema, IdentityOptions, StatusCode, TableOptions, Timestamp, Value, Doc } from '@sluice/pipeline-core';
import type { EncodedAppendWrite, EncodedSeriesWrite } from '@sluice/storage';

/**
 * The parts of `@sluice/pipeline-core`'s compiled pipeline the server uses. Declared here structurally
 * so routes can be tested with small fakes; `core-compiler.ts` binds them to the real library.
 */
export interface RunTable {
  readonly suffix: string;
  readonly options: TableOptions;
  readonly schema: readonly ColumnSchema[];
  readonly rows: readonly (readonly Value[])[];
  /** The row count, when `rows` is built on first access (a worker's result). */
  readonly count?: number;
  /** The rows encoded on a pipeline worker against the target table's layout (see WriteRequest.encoded). */
  readonly encoded?: EncodedAppendWrite | EncodedSeriesWrite;
}

export interface RunItemError {
  readonly index: number;
  readonly processor?: { readonly index: number; readonly kind: string };
  readonly message: string;
  readonly code: StatusCode;
}

export interface RunOpts {
  readonly skipError?: boolean;
  readonly now?: Timestamp;
  readonly maxValueSize?: number;
  /** VRL work per record (`[ingest] vrl_max_steps`). */
  readonly maxSteps?: number;
  /** The request's deadline (ms since the epoch). */
  readonly deadline?: number;
}

export interface RunResult {
  readonly tables: readonly RunTable[];
  readonly errors: readonly RunItemError[];
}

export interface CompiledPipeline {
  /** Things in the YAML that compile but have no effect (shown by dry runs). */
  readonly warnings?: readonly string[];
  /** The transform's declared columns (for `/v1/pipelines/{name}/ddl`); undefined when inferred. */
  readonly declaredSchema?: readonly ColumnSchema[];
  /** Whether rows may land in tables other than the target (dispatcher or table_suffix). */
  readonly hasVariantTableName?: boolean;
  /** The pipelines a dispatcher routes to (absent or [] without one). */
  readonly dispatchTargets?: readonly string[];
  run(items: readonly (Doc | string)[], opts?: RunOpts): RunResult;
  /** The same run fed in slices (so the main thread can yield between them); absent in small fakes. */
  start?(opts?: RunOpts): { add(items: readonly (Doc | string)[], from?: number, to?: number): void; finish(): RunResult };
}

export interface PipelineCompiler {
  /** Compiles YAML; throws PipelineConfigError naming the processor, key and line. */
  compile(yaml: string, resolvePipeline: (name: string) => CompiledPipeline | undefined): CompiledPipeline;
  /** The built-in pipeline behind IDENTITY_PIPELINE_NAME, with GreptimeDB's pipeline parameters. */
  identity(options?: IdentityOptions): CompiledPipeline;
  readonly identityName: string;
}
