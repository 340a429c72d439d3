import { identityPipeline, SluiceError, type Doc, type TableOptions } from '@sluice/pipeline-core';
import type { WriteRequest } from '@sluice/storage';
import type { AppDeps } from '../deps.js';
import type { CompiledPipeline } from '../pipelines/compiler.js';
import { protocolTableOptions, type TableSemantics } from './semantic-options.js';
import type { Context } from 'hono';
import { requestDeadline, requestSignal } from '../middleware/timeout.js';
import { runPipelineBounded } from '../pipelines/run-bounded.js';
import { tableWrites } from './table-writes.js';
import type { WorkerSource } from '../pipelines/pipeline-service.js';

export const PIPELINE_HEADER = 'x-service-pipeline-name';
export const PIPELINE_VERSION_HEADER = 'x-service-pipeline-version';

/**
 * The pipeline a protocol request names in `x-service-pipeline-name`. The built-in identity pipeline
 * takes its time index from `timeField` (epoch milliseconds or nanoseconds) instead of the ingest time,
 * since protocol records carry their own timestamps.
 */
export function resolveDocsPipeline(deps: AppDeps, name: string, version: string | undefined, time: { field: string; unit: 'ms' | 'ns' }): DocsPipeline {
  if (name === deps.pipelines.identityName) return { pipeline: identityPipeline({ customTimeIndex: `${time.field};epoch;${time.unit}` }), source: undefined };
  return deps.pipelines.forRun(name, version, undefined, deps.pipelineWorkers !== undefined);
}

/** A protocol request's pipeline, and what a worker needs to run it (absent: the built-in identity, run here). */
export interface DocsPipeline {
  readonly pipeline: CompiledPipeline;
  readonly source: WorkerSource | undefined;
}

/** The request's bounds (see run-bounded.ts). */
export function requestBounds(c: Context): { signal: AbortSignal | undefined; deadline: number | undefined } {
  return { signal: requestSignal(c), deadline: requestDeadline(c) };
}

/**
 * Runs protocol records (already turned into documents) through a pipeline into write requests for
 * `table` (plus the suffixes the pipeline sets); the first failing record fails the request. A user
 * pipeline runs on a pipeline worker (stopped at the deadline), the identity in slices here. Table
 * options: the protocol's defaults, then the pipeline's, then the request's hints.
 */
export async function runDocsPipeline(
  deps: AppDeps,
  p: DocsPipeline,
  docs: readonly Doc[],
  target: { db: string; table: string; semantics: TableSemantics; hints: TableOptions; what: string },
  bounds: { signal: AbortSignal | undefined; deadline: number | undefined },
): Promise<WriteRequest[]> {
  const result = await runPipelineBounded(deps, { pipeline: p.pipeline, source: p.source, items: docs, skipError: false, ...bounds });
  if (result.errors.length > 0) {
    const first = result.errors[0]!;
    throw new SluiceError(first.code, `${target.what} ${first.index}: ${first.message}`);
  }
  return tableWrites(result.tables, target.db, target.table, (t) =>
    protocolTableOptions(target.semantics, { ...t.options, ...target.hints, extra: { ...t.options.extra, ...target.hints.extra } }),
  );
}
