import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../src/server.js';
import type { PartialConfig } from '../src/config/schema.js';
import { buildQueryWorker } from './build-cli.js';
import { startLocalClickHouse, type LocalClickHouse } from '@sluice/storage-clickhouse';

export interface TestServer {
  readonly url: string;
  readonly dataHome: string;
  readonly server: RunningServer;
  readonly logs: string[];
  /** Stops the server; the data home is kept (restart tests reuse it). */
  stop(): Promise<void>;
  /** Stops the server and removes its data home. */
  close(): Promise<void>;
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

export function tempDataHome(): string {
  return mkdtempSync(join(tmpdir(), 'sluice-e2e-'));
}

let clickhouse: Promise<LocalClickHouse> | undefined;
let clickhouseUsers = 0;
let prefixes = 0;

/**
 * With SLUICE_TEST_BACKEND=clickhouse, servers started here use the ClickHouse backend: a throw-away
 * clickhouse-server shared by the servers running at the same time (stopped when the last one stops),
 * a fresh database prefix per server.
 * `SLUICE_TEST_BACKEND=clickhouse npx vitest run test/ingest.e2e.test.ts` runs an e2e suite on it.
 */
async function backendConfig(): Promise<{ storage: PartialConfig['storage']; release: () => Promise<void> }> {
  if (process.env.SLUICE_TEST_BACKEND !== 'clickhouse') return { storage: {}, release: async () => {} };
  clickhouse ??= startLocalClickHouse(1).then(([ch]) => ch!);
  clickhouseUsers++;
  const ch = await clickhouse;
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    if (--clickhouseUsers === 0) {
      clickhouse = undefined;
      await ch.stop();
    }
  };
  return { storage: { backend: 'clickhouse', clickhouse: { url: [ch.url], database_prefix: `e${process.pid}_${++prefixes}_`, catalog_refresh: '200ms' } }, release };
}

/** Starts the real server (real store, SQL engine and pipelines) on 127.0.0.1, port 0, in a temp data home. */
export async function startTestServer(
  opts: { dataHome?: string; config?: PartialConfig; configFile?: string; pipelineWorkers?: number; pipelineWorkerScript?: string; queryWorkers?: number; dashboardDir?: string } = {},
): Promise<TestServer> {
  const dataHome = opts.dataHome ?? tempDataHome();
  const logs: string[] = [];
  const backend = opts.config?.storage === undefined ? await backendConfig() : { storage: {}, release: async () => {} };
  const config: PartialConfig = {
    ...opts.config,
    http: { ...opts.config?.http, addr: '127.0.0.1:0' },
    storage: { ...(opts.config?.storage ?? backend.storage), data_home: dataHome },
    logging: { level: 'info', log_format: 'json', ...opts.config?.logging },
  };
  // Read-only SQL on query worker threads, as released: asked for by the test, or for every suite with
  // SLUICE_TEST_QUERY_WORKERS=<n> (`SLUICE_TEST_QUERY_WORKERS=2 npx vitest run test/sql.e2e.test.ts`).
  const queryWorkers = opts.queryWorkers ?? Number(process.env.SLUICE_TEST_QUERY_WORKERS ?? 0);
  const queryWorkerScript = queryWorkers > 0 ? await buildQueryWorker() : undefined;
  let server: RunningServer;
  try {
    server = await startServer({
      config,
      logStream: { write: (s: string) => logs.push(s) },
      ...(opts.configFile ? { configFile: opts.configFile } : {}),
      ...(opts.pipelineWorkers ? { pipelineWorkers: opts.pipelineWorkers, pipelineWorkerScript: opts.pipelineWorkerScript } : {}),
      ...(queryWorkerScript !== undefined ? { queryWorkers, queryWorkerScript } : { queryWorkers: 0 }),
      ...(opts.dashboardDir ? { dashboardDir: opts.dashboardDir } : {}),
    });
  } catch (e) {
    await backend.release();
    throw e;
  }
  if (queryWorkerScript !== undefined) await server.workersReady(60_000);
  let stopped = false;
  const stop = async () => {
    if (!stopped) {
      stopped = true;
      await server.close();
      await backend.release();
    }
  };
  return {
    url: server.url,
    dataHome,
    server,
    logs,
    stop,
    async close() {
      await stop();
      rmSync(dataHome, { recursive: true, force: true });
    },
    fetch: (path, init) => fetch(server.url + path, init),
  };
}
