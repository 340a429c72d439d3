import type { Store } from '@sluice/storage';
import type { QueryEngine } from '@sluice/query';
import type { SluiceConfig } from './config/schema.js';
import type { LogControl } from './logging/logger.js';
import type { ServerMetrics } from './metrics/server-metrics.js';
import type { PipelineService } from './pipelines/pipeline-service.js';
import type { UserProvider } from './auth/user-provider.js';
import type { TraceControl } from './tracing/trace-control.js';
import type { PipelineWorkerPool } from './workers/worker-pool.js';
import type { QueryWorkerPool } from './workers/query-pool.js';
import type { DashboardAssets } from './dashboard/assets.js';

/** What the HTTP layer needs: engine interfaces, never concrete singletons. */
export interface AppDeps {
  readonly store: Store;
  readonly query: QueryEngine;
  readonly pipelines: PipelineService;
  readonly config: SluiceConfig;
  readonly logging: LogControl;
  readonly metrics: ServerMetrics;
  readonly tracing: TraceControl;
  /** Present when a user provider is configured: every non-open path needs HTTP Basic credentials. */
  readonly users?: UserProvider;
  /** When present, request bodies are parsed and pipelines run on these worker threads. */
  readonly pipelineWorkers?: PipelineWorkerPool;
  /** When present, read-only SQL runs on these worker threads (LMDB backend). */
  readonly queryWorkers?: QueryWorkerPool;
  /** The built dashboard served at `/dashboard` (absent: the build left it out, `/dashboard` is 404). */
  readonly dashboard?: DashboardAssets;
}
