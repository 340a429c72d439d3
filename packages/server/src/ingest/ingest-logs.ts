import { PipelineConfigError, SluiceError, StatusCode, type IdentityOptions, type TableOptions } from '@sluice/pipeline-core';
import type { WriteResult } from '@sluice/storage';
import type { AppDeps } from '../deps.js';
import type { RunItemError, RunTable } from '../pipelines/compiler.js';
import type { IngestContentType } from './parse-items.js';
import { runPipelineBounded, type BoundedBody } from '../pipelines/run-bounded.js';
import { EncodedRowsDropped } from '../workers/protocol.js';
import { tableWrites } from '../write/table-writes.js';

export interface IngestRequest {
  readonly db: string;
  readonly table: string;
  readonly pipelineName: string;
  readonly version?: string;
  readonly skipError: boolean;
  /** GreptimeDB's pipeline parameters for the built-in identity pipeline. */
  readonly identity?: IdentityOptions;
  /** Options from the request's hint headers, for the tables this write creates. */
  readonly hints?: TableOptions;
  /**
   * The request body (decompressed) and its type; decoded and parsed here or on a pipeline worker. Bytes
   * go to a worker without a copy (their buffer is transferred: the caller must not use them after).
   */
  readonly body: string | Uint8Array;
  /** Invalid UTF-8 in a byte body is a 400 (`http.is_strict_mode`). */
  readonly strictUtf8?: boolean;
  readonly contentType: IngestContentType;
  /** Stops the pipeline run (request timeout, client gone): a worker running it is terminated. */
  readonly signal?: AbortSignal;
  /** The request's deadline (ms since the epoch), for runs on the main thread. */
  readonly deadline?: number;
}

const TABLE_RE = /^[A-Za-z_][A-Za-z0-9_:-]*$/;

function processorOf(e: unknown): string {
  const p = (e as { processor?: { kind?: unknown } }).processor;
  return typeof p?.kind === 'string' ? p.kind : 'transform';
}

/**
 * Parses the body and runs the pipeline, on a worker thread when the server has them (see run-bounded.ts).
 * With `encode`, and an existing append-mode table, that table's chunks are encoded where the pipeline ran
 * (the store's transaction then only stores bytes) and its rows are dropped.
 */
async function runPipeline(deps: AppDeps, req: IngestRequest, body: BoundedBody, encode: boolean): Promise<{ tables: readonly RunTable[]; errors: readonly RunItemError[]; onWorker: boolean }> {
  const { pipeline, source: found } = deps.pipelines.forRun(req.pipelineName, req.version, req.identity, deps.pipelineWorkers !== undefined);
  const source = found !== undefined && req.identity !== undefined ? { ...found, identity: req.identity } : found;
  const layout = encode ? deps.store.writeLayout?.(req.db, req.table) : undefined;
  const run = await runPipelineBounded(deps, { pipeline, source, body, skipError: req.skipError, signal: req.signal, deadline: req.deadline, ...(layout !== undefined ? { layout } : {}) });
  return { ...run, onWorker: source !== undefined };
}

/** The comment GreptimeDB gives every table that a write creates. */
export const CREATED_ON_INSERTION = 'Created on insertion';

/**
 * Options for a table a log write creates, as GreptimeDB sets them: the request's hints, then the
 * options the pipeline's records set (`service_ttl`, ...), `append_mode = true` unless a merge mode or
 * append mode was given, and the comment `Created on insertion`.
 */
export function logTableOptions(hints: TableOptions | undefined, fromRecords: TableOptions): TableOptions {
  const o: TableOptions = { ...hints, ...fromRecords, extra: { comment: CREATED_ON_INSERTION, ...hints?.extra, ...fromRecords.extra } };
  return o.append_mode === undefined && o.merge_mode === undefined ? { ...o, append_mode: true } : o;
}

/** Runs items through a pipeline and writes every destination table in one store transaction. */
export async function ingestLogs(deps: AppDeps, req: IngestRequest): Promise<WriteResult[]> {
  if (!TABLE_RE.test(req.table)) throw new SluiceError(StatusCode.InvalidArguments, `invalid table name '${req.table}'`);
  if (!deps.store.listDatabases().includes(req.db)) throw new SluiceError(StatusCode.DatabaseNotFound, `Database not found: ${req.db}`);
  // A byte body is transferred to the worker: kept (copied) only when the worker may need to run it again.
  const body: BoundedBody =
    typeof req.body === 'string' ? { text: req.body, contentType: req.contentType } : { bytes: req.body, strictUtf8: req.strictUtf8 === true, contentType: req.contentType };
  const encode = deps.store.writeLayout?.(req.db, req.table) !== undefined;
  // (Only a worker takes the bytes: on this thread they are still there for a second run.)
  const again = encode && deps.pipelineWorkers !== undefined && 'bytes' in body ? new Uint8Array(body.bytes) : undefined;
  try {
    return await ingestOnce(deps, req, body, encode);
  } catch (e) {
    if (!(e instanceof EncodedRowsDropped)) throw e;
    // The table changed while its rows were encoded against it (nothing was written): once more, rows only.
    return ingestOnce(deps, req, again !== undefined && 'bytes' in body ? { ...body, bytes: again } : body, false);
  }
}

async function ingestOnce(deps: AppDeps, req: IngestRequest, body: BoundedBody, encode: boolean): Promise<WriteResult[]> {
  let result: Awaited<ReturnType<typeof runPipeline>>;
  try {
    result = await runPipeline(deps, req, body, encode);
  } catch (e) {
    // An item failed inside the pipeline (not a body that did not parse, not a bad pipeline).
    if (!(e instanceof PipelineConfigError) && typeof (e as { itemIndex?: unknown }).itemIndex === 'number') {
      deps.metrics.pipelineErrors.inc({ pipeline: req.pipelineName, processor: processorOf(e) });
    }
    throw e;
  }
  for (const err of result.errors) deps.metrics.pipelineErrors.inc({ pipeline: req.pipelineName, processor: err.processor?.kind ?? 'transform' });
  if (result.errors.length > 0 && !req.skipError) {
    const first = result.errors[0]!;
    throw new SluiceError(first.code, `item ${first.index}: ${first.message}`);
  }
  if (result.errors.length > 0) {
    deps.logging.forTarget('ingest').warn({ pipeline: req.pipelineName, skipped: result.errors.length, first: result.errors[0]!.message }, 'skipped failing items');
  }
  const writes = tableWrites(result.tables, req.db, req.table, (t) => logTableOptions(req.hints, t.options));
  if (writes.length === 0) return [];
  const written = await deps.store.write(writes);
  if (result.onWorker) for (const t of result.tables) if (t.encoded !== undefined) deps.metrics.workerEncoded.inc();
  for (const w of written) deps.metrics.rowsIngested.inc({ db: w.db, table: w.table, pipeline: req.pipelineName }, w.affectedRows);
  return written;
}
