import { identityPipeline, type Doc, type TableOptions } from '@sluice/pipeline-core';
import type { WriteRequest } from '@sluice/storage';
import type { AppDeps } from '../deps.js';
import type { CompiledPipeline } from '../pipelines/compiler.js';

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
 * `table` (plus the suffixes the pipeline sets); the first failing record fails the request.
 */
export function runDocsPipeline(pipeline: CompiledPipeline, docs: readonly Doc[], target: { db: string; table: string; options: TableOptions }): WriteRequest[] {
  const result = pipeline.run(docs);
  return result.tables
    .filter((t) => t.rows.length > 0)
    .map((t) => ({
      db: target.db,
      table: target.table + t.suffix,
      schema: t.schema,
      rows: t.rows,
      options: { ...target.options, ...t.options, extra: { ...target.options.extra, ...t.options.extra } },
    }));
}
