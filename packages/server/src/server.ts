import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { SluiceError, StatusCode, parseDuration } from '@sluice/pipeline-core';
import type { Store } from '@sluice/storage';
import type { QueryEngine } from '@sluice/query';
import { createApp } from './app.js';
import { mergeConfig, parseConfigToml } from './config/load.js';
import { parseAddr } from './config/check-value.js';
import type { PartialConfig, SluiceConfig } from './config/schema.js';
import { createLogging } from './logging/logger.js';
import { createServerMetrics } from './metrics/server-metrics.js';
import { PipelineService } from './pipelines/pipeline-service.js';
import type { PipelineCompiler } from './pipelines/compiler.js';
import { parseUserProvider } from './auth/user-provider.js';
import { createTraceControl } from './tracing/trace-control.js';
import { openEngines, type Engines } from './engines.js';
import { checkConfig } from './config/load.js';
import { PipelineWorkerPool } from './workers/worker-pool.js';
import { QueryWorkerPool } from './workers/query-pool.js';
import { SharedMemoryPool } from './workers/shared-memory-pool.js';
import { parseByteSize } from './config/byte-size.js';
import { acquireDataHomeLock, type DataHomeLock } from './lock/data-home-lock.js';
import { gzipDashboardAssets, loadDashboardAssets } from './dashboard/assets.js';

export interface StartServerOptions {
  /** A TOML file (the `-c` flag); its keys override the defaults. */
  readonly configFile?: string;
  /** Keys that override the file (the command-line flags, or an embedding app's settings). */
  readonly config?: PartialConfig;
  /** Where log lines go instead of stdout. */
  readonly logStream?: { write(s: string): unknown };
  /** Worker threads that parse bodies and run pipelines (default `[ingest] workers`; 0: on the main thread). */
  readonly pipelineWorkers?: number;
  /** The worker script (default: `pipeline-worker.js` beside this module, as the build lays it out). */
  readonly pipelineWorkerScript?: URL | string;
  /** Worker threads that run read-only SQL (default `[query] workers`; 0: on the main thread). */
  readonly queryWorkers?: number;
  /** The query worker script (default: `query-worker.js` beside this module). */
  readonly queryWorkerScript?: URL | string;
  /** The built dashboard (default: `dashboard/` beside this module, where the build copies it). */
  readonly dashboardDir?: string;
  /** Engines to use instead of opening the embedded store under `storage.data_home`. */
  readonly engines?: { readonly store: Store; readonly query: QueryEngine; readonly compiler: PipelineCompiler };
}

export interface RunningServer {
  readonly address: string;
  readonly port: number;
  readonly url: string;
  readonly config: SluiceConfig;
  /** Stops accepting connections, waits for requests in flight, then closes the store. */
  close(): Promise<void>;
  /**
   * Resolves once the query workers and the pipeline workers have loaded (at most `timeoutMs`, default
   * 15 s); a query or ingest request sent before waits for the first one. At once without workers.
   */
  workersReady(timeoutMs?: number): Promise<void>;
}

/** Reads, checks and merges the configuration: defaults, then the file, then `config`. */
export function resolveConfig(opts: Pick<StartServerOptions, 'configFile' | 'config'>, ignored: string[] = []): SluiceConfig {
  const layers: PartialConfig[] = [];
  if (opts.configFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(opts.configFile, 'utf8');
    } catch (e) {
      throw new SluiceError(StatusCode.InvalidArguments, `cannot read config file '${opts.configFile}': ${(e as Error).message}`, { cause: e });
    }
    layers.push(parseConfigToml(text, opts.configFile, ignored));
  }
  if (opts.config !== undefined) layers.push(checkConfig(opts.config as Record<string, unknown>, ignored));
  return mergeConfig(...layers);
}

/**
 * The pipeline worker pool: `pipelineWorkers` if given, else `[ingest] workers`. When the worker
 * script is missing (running from sources, e.g. under vitest) and workers were not asked for
 * explicitly, pipelines run on the main thread and a warning says so.
 */
function startWorkers(opts: StartServerOptions, config: SluiceConfig, log: { warn(o: object, msg: string): void }): PipelineWorkerPool | undefined {
  const count = opts.pipelineWorkers ?? config.ingest.workers;
  if (count <= 0) return undefined;
  const script = opts.pipelineWorkerScript ?? new URL('./pipeline-worker.js', import.meta.url);
  const heapMb = Math.max(16, Math.floor(parseByteSize(config.ingest.worker_heap) / (1024 * 1024)));
  if (opts.pipelineWorkers === undefined && opts.pipelineWorkerScript === undefined && !existsSync(fileURLToPath(script))) {
    log.warn({ script: fileURLToPath(script) }, 'pipeline worker script not found; pipelines run on the main thread');
    return undefined;
  }
  return new PipelineWorkerPool(script, count, { heapMb, heapText: config.ingest.worker_heap, overflow: config.ingest.overflow_workers });
}

/**
 * The query worker pool: `queryWorkers` if given, else `[query] workers`, with the embedded LMDB
 * store only (the ClickHouse backend runs queries on ClickHouse; engines passed in are the caller's).
 * When the script is missing (running from sources) and workers were not asked for explicitly,
 * queries run on the main thread, cooperatively, and a warning says so.
 */
function startQueryWorkers(opts: StartServerOptions, config: SluiceConfig, poolBuffer: SharedArrayBuffer, log: { warn(o: object, msg: string): void }): QueryWorkerPool | undefined {
  const count = opts.queryWorkers ?? config.query.workers;
  if (count <= 0 || opts.engines !== undefined || config.storage.backend === 'clickhouse') return undefined;
  const script = opts.queryWorkerScript ?? new URL('./query-worker.js', import.meta.url);
  if (opts.queryWorkers === undefined && opts.queryWorkerScript === undefined && !existsSync(fileURLToPath(script))) {
    log.warn({ script: fileURLToPath(script) }, 'query worker script not found; queries run on the main thread');
    return undefined;
  }
  const heapMb = Math.max(16, Math.floor(parseByteSize(config.query.worker_heap) / (1024 * 1024)));
  return new QueryWorkerPool(script, count, { dataHome: config.storage.data_home, config, poolBuffer, heapMb, heapText: config.query.worker_heap, overflow: config.query.overflow_workers });
}

/** How long a stop waits for open connections before closing them. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Listens on host:port; an address in use or not available is a SluiceError naming it. */
async function listen(fetch: (req: Request) => Response | Promise<Response>, host: string, port: number, addr: string): Promise<ServerType> {
  try {
    return await new Promise<ServerType>((resolve, reject) => {
      const s = serve({ fetch, port, hostname: host }, () => resolve(s));
      s.once('error', reject);
    });
  } catch (e) {
    const msg = (e as { code?: string }).code === 'EADDRINUSE' ? `address ${addr} is already in use` : (e as Error).message;
    throw new SluiceError(StatusCode.InvalidArguments, `cannot listen on ${addr}: ${msg}`, { cause: e });
  }
}

/** Starts Sluice in this process: opens the store, builds the app, listens on `http.addr`. */
export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const ignoredKeys: string[] = [];
  const config = resolveConfig(opts, ignoredKeys);
  const { host, port } = parseAddr(config.http.addr);
  const users = config.user_provider !== undefined ? parseUserProvider(config.user_provider) : undefined;
  const logging = createLogging({ ...config.logging, ...(opts.logStream ? { stream: opts.logStream } : {}) });
  const log = logging.forTarget('server');
  if (ignoredKeys.length > 0) {
    log.warn({ keys: ignoredKeys }, `GreptimeDB configuration keys that Sluice does not use (accepted, ignored): ${ignoredKeys.join(', ')}`);
  }
  const owned = opts.engines === undefined;
  // Only one server may use a data home: a second one would work on stale catalog caches. With the
  // ClickHouse backend the server keeps no data locally, so any number may run side by side.
  const lock: DataHomeLock | undefined = owned && config.storage.backend !== 'clickhouse' ? acquireDataHomeLock(config.storage.data_home, config.http.addr) : undefined;
  let engines: Engines;
  const poolBuffer = SharedMemoryPool.buffer(Math.max(0, opts.queryWorkers ?? config.query.workers) + Math.max(0, config.query.overflow_workers));
  try {
    const storageLog = logging.forTarget('storage');
    engines =
      opts.engines ??
      (await openEngines(config.storage.data_home, {
        maintenanceIntervalMs: parseDuration(config.storage.maintenance_interval),
        promql: config.promql,
        config,
        storage: config.storage,
        memoryPoolBuffer: poolBuffer,
        onMaintenance: (e) => {
          if (e.phase === 'start') storageLog.debug('maintenance started');
          else if (e.phase === 'end') storageLog.debug({ expired_rows: e.expiredRows, merged_chunks: e.mergedChunks }, 'maintenance done');
          else storageLog.warn({ err: e.error }, 'maintenance failed; retried at the next period');
        },
      }));
  } catch (e) {
    lock?.release();
    throw e;
  }
  const { store, query, compiler } = engines;
  const metrics = createServerMetrics(store);
  const tracing = createTraceControl(logging.forTarget('trace'));
  let workers: PipelineWorkerPool | undefined;
  let queryWorkers: QueryWorkerPool | undefined;
  let server: ServerType;
  try {
    await store.createDatabase('public', { ifNotExists: true });
    const pipelines = new PipelineService(store.pipelines, compiler);
    workers = startWorkers(opts, config, log);
    queryWorkers = startQueryWorkers(opts, config, poolBuffer, log);
    const dashboard = loadDashboardAssets(opts.dashboardDir ?? fileURLToPath(new URL('./dashboard/', import.meta.url)));
    if (dashboard !== undefined) gzipDashboardAssets(dashboard).catch((e: unknown) => log.warn({ err: e }, 'dashboard files could not be gzipped; they are served plain'));
    const app = createApp({ store, query, pipelines, config, logging, metrics, tracing, ...(users ? { users } : {}), ...(workers ? { pipelineWorkers: workers } : {}), ...(queryWorkers ? { queryWorkers } : {}), ...(dashboard ? { dashboard } : {}) });
    server = await listen(app.fetch, host, port, config.http.addr);
  } catch (e) {
    await workers?.close();
    await queryWorkers?.close();
    if (owned) await store.close();
    lock?.release();
    throw e;
  }
  const info = server.address() as AddressInfo;
  const address = `${info.address.includes(':') ? `[${info.address}]` : info.address}:${info.port}`;
  lock?.setAddr(address);
  if (users === undefined && !/^(127\.|::1$|localhost$)/.test(info.address)) {
    log.warn({ addr: address }, 'listening beyond loopback without a user provider: anyone who can reach this address can read and write; set user_provider');
  }
  log.info({ addr: address, ...(config.storage.backend === 'clickhouse' ? { storage: 'clickhouse' } : { data_home: config.storage.data_home }), auth: users !== undefined }, 'sluice listening');

  let closing: Promise<void> | undefined;
  return {
    address,
    port: info.port,
    url: `http://${address}`,
    config,
    workersReady: async (timeoutMs?: number) => void (await Promise.all([queryWorkers?.ready(timeoutMs), workers?.ready(timeoutMs)])),
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          const http = server as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
          http.closeIdleConnections?.();
          // Keep-alive clients that hold a connection open do not delay the stop for long.
          setTimeout(() => http.closeAllConnections?.(), SHUTDOWN_GRACE_MS).unref();
        });
        // Query workers hold the store open on their threads: stop them before closing it.
        await queryWorkers?.close();
        if (owned) await store.close();
        lock?.release();
        await workers?.close();
        await tracing.shutdown();
        log.info('sluice stopped');
        await logging.close();
      })();
      return closing;
    },
  };
}
