// Test support: small in-memory fakes of the store and query engine, used by unit tests only.
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { Store, StoredPipeline, WriteRequest, WriteResult } from '@sluice/storage';
import type { QueryEngine, StatementOutput } from '@sluice/query';
import { mergeConfig } from '../config/load.js';
import type { PartialConfig } from '../config/schema.js';
import type { AppDeps } from '../deps.js';
import { createLogging } from '../logging/logger.js';
import { createServerMetrics } from '../metrics/server-metrics.js';
import { PipelineService } from '../pipelines/pipeline-service.js';
import { corePipelineCompiler } from '../pipelines/core-compiler.js';
import { createTraceControl } from '../tracing/trace-control.js';
import { parseUserProvider } from '../auth/user-provider.js';

export interface FakeStore {
  readonly store: Store;
  readonly writes: WriteRequest[][];
}

/** An in-memory store holding pipelines and recording writes (enough for route tests). */
export function fakeStore(): FakeStore {
  const pipelines: StoredPipeline[] = [];
  const dbs = new Set(['public']);
  const writes: WriteRequest[][] = [];
  let clock = 0;
  const store = {
    listDatabases: () => [...dbs],
    createDatabase: async (name: string) => void dbs.add(name),
    write: async (reqs: readonly WriteRequest[]): Promise<WriteResult[]> => {
      for (const r of reqs) {
        if (r.table.includes('fail')) throw new SluiceError(StatusCode.StorageUnavailable, `cannot write ${r.table}`);
      }
      writes.push([...reqs]);
      return reqs.map((r) => ({ db: r.db, table: r.table, affectedRows: r.rows.length }));
    },
    stats: () => ({ bytesOnDisk: 4096, tables: 1 }),
    close: async () => undefined,
    pipelines: {
      put: async (name: string, yaml: string) => {
        clock += 1;
        const version = `2026-01-01 00:00:00.${String(clock).padStart(9, '0')}`;
        const p = { name, version, yaml };
        pipelines.unshift(p);
        return p;
      },
      get: (name: string, version?: string) => pipelines.find((p) => p.name === name && (version === undefined || p.version === version)),
      list: (name?: string) => pipelines.filter((p) => name === undefined || p.name === name),
      delete: async (name: string, version: string) => {
        const i = pipelines.findIndex((p) => p.name === name && p.version === version);
        if (i < 0) return false;
        pipelines.splice(i, 1);
        return true;
      },
    },
  };
  return { store: store as unknown as Store, writes };
}

/** A query engine answering from a table of SQL text to outputs; anything else is a syntax error. */
export function fakeQuery(answers: Record<string, StatementOutput[]>): QueryEngine {
  return {
    executeSql: async (sql) => {
      const out = answers[sql.trim()];
      if (out === undefined) throw new SluiceError(StatusCode.InvalidSyntax, `unexpected SQL: ${sql}`);
      return out;
    },
    executePromql: async () => {
      throw new SluiceError(StatusCode.Unsupported, 'PromQL is not faked');
    },
    promqlSeries: async () => [],
    promqlLabelNames: async () => [],
    promqlLabelValues: async () => [],
  };
}

export function fakeDeps(opts: { config?: PartialConfig; answers?: Record<string, StatementOutput[]>; logLines?: string[] } = {}): AppDeps & { writes: WriteRequest[][] } {
  const { store, writes } = fakeStore();
  const config = mergeConfig(opts.config ?? {});
  const lines = opts.logLines ?? [];
  const logging = createLogging({ level: config.logging.level, log_format: 'json', stream: { write: (s: string) => lines.push(s) } });
  return {
    store,
    writes,
    query: fakeQuery(opts.answers ?? {}),
    pipelines: new PipelineService(store.pipelines, corePipelineCompiler()),
    config,
    logging,
    metrics: createServerMetrics(store),
    tracing: createTraceControl(logging.forTarget('trace')),
    ...(config.user_provider ? { users: parseUserProvider(config.user_provider) } : {}),
  };
}
