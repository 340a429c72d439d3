import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Store } from '@sluice/storage';

/** The server's Prometheus metrics, in a registry of its own (several servers can share a process). */
export interface ServerMetrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly rowsIngested: Counter<'db' | 'table' | 'pipeline'>;
  readonly pipelineErrors: Counter<'pipeline' | 'processor'>;
  readonly workerTasks: Counter;
  /** Read-only SQL and PromQL requests sent to a query worker (answered, failed or cancelled there), by kind. */
  readonly queryWorkerTasks: Counter<'kind'>;
  /** Requests received and not yet answered (a scrape counts itself). */
  readonly httpInFlight: Gauge;
}

export function createServerMetrics(store: Pick<Store, 'stats'>): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sluice_' });
  const httpRequests = new Counter({
    name: 'sluice_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'sluice_http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const rowsIngested = new Counter({
    name: 'sluice_ingest_rows_total',
    help: 'Rows written through /v1/ingest by database, table and pipeline',
    labelNames: ['db', 'table', 'pipeline'] as const,
    registers: [registry],
  });
  const pipelineErrors = new Counter({
    name: 'sluice_pipeline_errors_total',
    help: 'Items a pipeline failed on, by pipeline and processor',
    labelNames: ['pipeline', 'processor'] as const,
    registers: [registry],
  });
  const workerTasks = new Counter({
    name: 'sluice_pipeline_worker_tasks_total',
    help: 'Ingest requests whose body was parsed and pipeline run on a worker thread',
    registers: [registry],
  });
  const queryWorkerTasks = new Counter({
    name: 'sluice_query_worker_tasks_total',
    help: 'Read-only SQL and PromQL requests run on a query worker thread (answered, failed or cancelled there), by kind (sql, promql)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'sluice_store_size_bytes',
    help: 'Bytes the store occupies on disk',
    registers: [registry],
    collect() {
      this.set(store.stats().bytesOnDisk);
    },
  });
  new Gauge({
    name: 'sluice_store_tables',
    help: 'Tables in the store',
    registers: [registry],
    collect() {
      this.set(store.stats().tables);
    },
  });
  const httpInFlight = new Gauge({
    name: 'sluice_http_requests_in_flight',
    help: 'HTTP requests received and not yet answered (a scrape counts itself)',
    registers: [registry],
  });
  return { registry, httpRequests, httpDuration, rowsIngested, pipelineErrors, workerTasks, queryWorkerTasks, httpInFlight };
}
