import { identityPipeline, SluiceError, type Doc, type TableOptions } from '@sluice/pipeline-core';
import type { WriteRequest } from '@sluice/storage';
import type { AppDeps } from '../deps.js';
import type { CompiledPipeline } from '../pipelines/compiler.js';
import { protocolTableOptions, type TableSemantics } from './semantic-options.js';

export const PIPELINE_HEADER = 'x-service-pipeline-name';
export const PIPELINE_VERSION_HEADER = 'x-service-pipeline-version';

/**
 * The pipeline a protocol request names in `x-service-pipeline-name`. The built-in identity pipeline
 * takes its time index from `timeField` (epoch milliseconds or nanoseconds) instead of the ingest time,
 * since protocol records carry their own timestamps.
 */
export function resolveDocsPipeline(deps: AppDeps, name: string, version: string | undefined, time: { field: string; unit: 'ms' | 'ns' }): CompiledPipeline {
  if (name === deps.pipelines.identityName) return identityPipeline({ customTimeIndex: `${time.field};epoch;${time.unit}` });
  return deps.pipelines.resolve(name, version).pipeline;
}

/**
 * Runs protocol records (already turned into documents) through a pipeline into write requests for
 * `table` (plus the suffixes the pipeline sets); the first failing record fails the request. Table
 * options: the protocol's defaults, then the pipeline's, then the request's hints.
 */
export function runDocsPipeline(
  pipeline: CompiledPipeline,
  docs: readonly Doc[],
  target: { db: string; table: string; semantics: TableSemantics; hints: TableOptions; what: string },
): WriteRequest[] {
  const result = pipeline.run(docs);
  if (result.errors.length > 0) {
    const first = result.errors[0]!;
    throw new SluiceError(first.code, `${target.what} ${first.index}: ${first.message}`);
  }
  return result.tables
    .filter((t) => t.rows.length > 0)
    .map((t) => ({
      db: target.db,
      table: target.table + t.suffix,
      schema: t.schema,
      rows: t.rows,
      options: protocolTableOptions(target.semantics, { ...t.options, ...target.hints, extra: { ...t.options.extra, ...target.hints.extra } }),
    }));
}
