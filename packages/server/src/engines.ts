import { openLmdbStore, type MaintenanceEvent, type Store } from '@sluice/storage';
import { createQueryEngine, MemoryPool, type QueryEngine } from '@sluice/query';
import { SharedMemoryPool } from './workers/shared-memory-pool.js';
import { queryLimits } from './config/limits.js';
import { parseByteSize } from './config/byte-size.js';
import { openClickHouseStore } from '@sluice/storage-clickhouse';
import { clickHousePassword } from './config/clickhouse.js';
import { ConfigError } from './config/config-error.js';
import { parseDuration } from '@sluice/pipeline-core';
import { corePipelineCompiler } from './pipelines/core-compiler.js';
import type { SluiceConfig } from './config/schema.js';
import type { PipelineCompiler } from './pipelines/compiler.js';

/** The real engines: the store (embedded LMDB, or ClickHouse by configuration), the SQL engine over it, pipeline-core's compiler. */
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
  /**
   * The `[query] memory_pool_size` counters shared with the query workers (SharedMemoryPool.buffer);
   * absent: the pool is this thread's alone.
   */
  readonly memoryPoolBuffer?: SharedArrayBuffer;
  /** `[storage]`: with backend = "clickhouse" the store is ClickHouse (`[storage.clickhouse]`), not LMDB under dataHome. */
  readonly storage?: Pick<SluiceConfig['storage'], 'backend' | 'clickhouse'>;
}

/** The ClickHouse store from `[storage.clickhouse]`. */
async function openClickHouse(c: SluiceConfig['storage']['clickhouse'], maintenanceIntervalMs: number | undefined): Promise<Store> {
  if (c === undefined || c.url === undefined || c.url.length === 0) {
    throw new ConfigError('storage.clickhouse.url', 'backend = "clickhouse" needs [storage.clickhouse] url = ["http://host:8123"]');
  }
  const password = clickHousePassword(c);
  return openClickHouseStore({
    urls: c.url,
    ...(c.user !== undefined ? { user: c.user } : {}),
    ...(password !== undefined ? { password } : {}),
    ...(c.database_prefix !== undefined ? { databasePrefix: c.database_prefix } : {}),
    ...(c.cluster !== undefined ? { cluster: c.cluster } : {}),
    ...(c.on_cluster_ddl !== undefined ? { onClusterDdl: c.on_cluster_ddl } : {}),
    ...(c.replicated !== undefined ? { replicated: c.replicated } : {}),
    ...(c.catalog_refresh !== undefined ? { catalogRefreshMs: parseDuration(c.catalog_refresh) } : {}),
    ...(c.request_timeout !== undefined ? { requestTimeoutMs: parseDuration(c.request_timeout) } : {}),
    ...(maintenanceIntervalMs !== undefined ? { ttlSweepIntervalMs: maintenanceIntervalMs } : {}),
  });
}

export async function openEngines(dataHome: string, o: EngineOptions = {}): Promise<Engines> {
  const store = o.storage?.backend === 'clickhouse' ? await openClickHouse(o.storage.clickhouse, o.maintenanceIntervalMs) : await openLmdbStore({
    dataHome,
    ...(o.maintenanceIntervalMs !== undefined ? { ttlSweepIntervalMs: o.maintenanceIntervalMs } : {}),
    ...(o.onMaintenance ? { onMaintenance: o.onMaintenance } : {}),
  });
  const query = queryEngineFor(store, o.config, o.promql, o.memoryPoolBuffer === undefined ? undefined : { buffer: o.memoryPoolBuffer, slot: 0 });
  return { store, query, compiler: corePipelineCompiler() };
}

/**
 * The SQL and PromQL engine over `store` with the config's budgets; `shared`: the memory pool's
 * counters shared between threads and this thread's slot in them (0 on the main thread).
 */
export function queryEngineFor(
  store: Store,
  config: SluiceConfig | undefined,
  promql: SluiceConfig['promql'] | undefined,
  shared?: { buffer: SharedArrayBuffer; slot: number },
): QueryEngine {
  const promqlLimits = promql ? { defaultLookbackMs: parseDuration(promql.lookback_delta), maxSamples: promql.max_samples } : {};
  if (config === undefined) return createQueryEngine(store, { promqlLimits });
  const poolSize = parseByteSize(config.query.memory_pool_size);
  const memoryPool = shared === undefined ? new MemoryPool(poolSize) : new SharedMemoryPool(poolSize, shared.buffer, shared.slot);
  return createQueryEngine(store, { promqlLimits, queryLimits: queryLimits(config), memoryPool });
}
