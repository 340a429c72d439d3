import { openLmdbStore, type Store } from '@sluice/storage';
import { createQueryEngine, type QueryEngine } from '@sluice/query';
import { parseDuration } from '@sluice/pipeline-core';
import { corePipelineCompiler } from './pipelines/core-compiler.js';
import type { SluiceConfig } from './config/schema.js';
import type { PipelineCompiler } from './pipelines/compiler.js';

/** The real engines: the embedded LMDB store, the SQL engine over it, pipeline-core's compiler. */
export interface Engines {
  readonly store: Store;
  readonly query: QueryEngine;
  readonly compiler: PipelineCompiler;
}

export async function openEngines(dataHome: string, promql?: SluiceConfig['promql']): Promise<Engines> {
  const store = await openLmdbStore({ dataHome });
  const promqlLimits = promql ? { defaultLookbackMs: parseDuration(promql.lookback_delta), maxSamples: promql.max_samples } : {};
  return { store, query: createQueryEngine(store, { promqlLimits }), compiler: corePipelineCompiler() };
}
