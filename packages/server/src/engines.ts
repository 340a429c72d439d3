import { openLmdbStore, type Store } from '@sluice/storage';
import { createQueryEngine, type QueryEngine } from '@sluice/query';
import { corePipelineCompiler } from './pipelines/core-compiler.js';
import type { PipelineCompiler } from './pipelines/compiler.js';

/** The real engines: the embedded LMDB store, the SQL engine over it, pipeline-core's compiler. */
export interface Engines {
  readonly store: Store;
  readonly query: QueryEngine;
  readonly compiler: PipelineCompiler;
}

export async function openEngines(dataHome: string): Promise<Engines> {
  const store = await openLmdbStore({ dataHome });
  return { store, query: createQueryEngine(store), compiler: corePipelineCompiler() };
}
