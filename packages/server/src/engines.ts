import { openLmdbStore, type MaintenanceEvent, type Store } from '@sluice/storage';
import { createQueryEngine, MemoryPool, type QueryEngine } from '@sluice/query';
import { queryLimits } from './config/limits.js';
import { parseByteSize } from './config/byte-size.js';
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

export interface EngineOptions {
  /** Period of the store's background TTL sweep and compaction in ms (0: off; default 60 s). */
  readonly maintenanceIntervalMs?: number;
  readonly onMaintenance?: (e: MaintenanceEvent) => void;
  /** PromQL lookback and sample limits from the `[promql]` config section. */
  readonly promql?: SluiceConfig['promql'];
  /** The whole config: `[query]` budgets for PromQL and the shared memory pool. */
  readonly config?: SluiceConfig;
}

export async function openEngines(dataHome: string, o: EngineOptions = {}): Promise<Engines> {
  const store = await openLmdbStore({
    dataHome,
    ...(o.maintenanceIntervalMs !== undefined ? { ttlSweepIntervalMs: o.maintenanceIntervalMs } : {}),
    ...(o.onMaintenance ? { onMaintenance: o.onMaintenance } : {}),
  });
  const promqlLimits = o.promql ? { defaultLookbackMs: parseDuration(o.promql.lookback_delta), maxSamples: o.promql.max_samples } : {};
  const query = createQueryEngine(store, {
    promqlLimits,
    ...(o.config ? { queryLimits: queryLimits(o.config), memoryPool: new MemoryPool(parseByteSize(o.config.query.memory_pool_size)) } : {}),
  });
  return { store, query, compiler: corePipelineCompiler() };
}
