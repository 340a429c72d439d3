import type { ClickHouseConfig } from './clickhouse.js';

/**
 * The configuration keys, their kinds and defaults: the one table `load.ts` validates against
 * and `to-toml.ts` writes back. Sections are TOML tables; `''` is the top level.
 */
export type KeyKind = 'boolean' | 'string' | 'string_list' | 'integer' | 'duration' | 'byte_size' | 'log_format' | 'addr' | 'storage_backend' | 'clickhouse';

export interface KeySpec {
  readonly kind: KeyKind;
  /** Never written by `GET /config`. */
  readonly secret?: boolean;
}

export const CONFIG_SPEC = {
  '': {
    enable_telemetry: { kind: 'boolean' },
    user_provider: { kind: 'string', secret: true },
    init_regions_in_background: { kind: 'boolean' },
    init_regions_parallelism: { kind: 'integer' },
    default_timezone: { kind: 'string' },
    max_in_flight_write_bytes: { kind: 'byte_size' },
  },
  http: {
    addr: { kind: 'addr' },
    timeout: { kind: 'duration' },
    body_limit: { kind: 'byte_size' },
    is_strict_mode: { kind: 'boolean' },
    enable_cors: { kind: 'boolean' },
    cors_allowed_origins: { kind: 'string_list' },
    allowed_hosts: { kind: 'string_list' },
    metrics_without_auth: { kind: 'boolean' },
    status_without_auth: { kind: 'boolean' },
  },
  storage: {
    data_home: { kind: 'string' },
    maintenance_interval: { kind: 'duration' },
    backend: { kind: 'storage_backend' },
    clickhouse: { kind: 'clickhouse' },
  },
  query: {
    memory_limit: { kind: 'byte_size' },
    max_result_size: { kind: 'byte_size' },
    max_value_size: { kind: 'byte_size' },
    max_expr_depth: { kind: 'integer' },
    max_expr_terms: { kind: 'integer' },
    memory_pool_size: { kind: 'byte_size' },
    workers: { kind: 'integer' },
    overflow_workers: { kind: 'integer' },
    worker_heap: { kind: 'byte_size' },
  },
  ingest: {
    workers: { kind: 'integer' },
    overflow_workers: { kind: 'integer' },
    worker_heap: { kind: 'byte_size' },
    max_line_length: { kind: 'byte_size' },
    max_items: { kind: 'integer' },
    max_value_size: { kind: 'byte_size' },
    max_json_depth: { kind: 'integer' },
    vrl_max_steps: { kind: 'integer' },
  },
  logging: {
    level: { kind: 'string' },
    dir: { kind: 'string' },
    log_format: { kind: 'log_format' },
  },
  promql: {
    lookback_delta: { kind: 'duration' },
    max_samples: { kind: 'integer' },
  },
} as const satisfies Record<string, Record<string, KeySpec>>;

export type LogFormat = 'text' | 'json';
export type StorageBackend = 'lmdb' | 'clickhouse';

export interface SluiceConfig {
  readonly enable_telemetry: boolean;
  readonly user_provider?: string;
  readonly init_regions_in_background: boolean;
  readonly init_regions_parallelism: number;
  readonly default_timezone?: string;
  /** Bytes of write requests in flight beyond which writes get 429 (unset: unlimited). */
  readonly max_in_flight_write_bytes?: string;
  readonly http: {
    readonly addr: string;
    readonly timeout: string;
    readonly body_limit: string;
    readonly is_strict_mode: boolean;
    readonly enable_cors: boolean;
    /** Origins a browser page may call from (CORS, and the Origin check of state-changing requests); `*` for any. */
    readonly cors_allowed_origins: readonly string[];
    /** Host names accepted in the Host header besides IP literals and localhost (DNS-rebinding guard, no user provider). */
    readonly allowed_hosts: readonly string[];
    /** With a user provider: whether /metrics stays open to scrapers without credentials. */
    readonly metrics_without_auth: boolean;
    /** With a user provider: whether /status stays open to probes without credentials. */
    readonly status_without_auth: boolean;
  };
  readonly storage: {
    readonly data_home: string;
    /** How often the store sweeps expired rows and compacts small chunks ("0s": never). */
    readonly maintenance_interval: string;
    /** `lmdb` (embedded, default) or `clickhouse` (data, catalog and pipelines in ClickHouse; see docs/scale-out.md). */
    readonly backend: StorageBackend;
    /** `[storage.clickhouse]`, required with backend = "clickhouse". */
    readonly clickhouse?: ClickHouseConfig;
  };
  /** Budgets of one SQL (and PromQL) request; see docs/limits.md. */
  readonly query: {
    readonly memory_limit: string;
    readonly max_result_size: string;
    readonly max_value_size: string;
    readonly max_expr_depth: number;
    readonly max_expr_terms: number;
    /** Memory shared by all running queries (GreptimeDB's `query.memory_pool_size`); "0": no shared cap. */
    readonly memory_pool_size: string;
    /** Worker threads that run read-only SQL (0: on the main thread, cooperatively); LMDB backend only. */
    readonly workers: number;
    /** Extra workers that take queued queries while every worker has run its query for over 250 ms. */
    readonly overflow_workers: number;
    /** Old-generation heap of each query worker: a query past it fails alone (RuntimeResourcesExhausted). */
    readonly worker_heap: string;
  };
  /** Where pipelines run and what one ingest request may hold; see docs/limits.md. */
  readonly ingest: {
    readonly workers: number;
    /** Extra pipeline workers that take queued batches while every worker has run its batch for over 250 ms. */
    readonly overflow_workers: number;
    readonly worker_heap: string;
    readonly max_line_length: string;
    readonly max_items: number;
    readonly max_value_size: string;
    /** Deepest nesting of a JSON body (ingest, dry runs, Loki/OpenTSDB/OTLP JSON). */
    readonly max_json_depth: number;
    /** VRL work per record: function calls, closure iterations and operators one event may run. */
    readonly vrl_max_steps: number;
  };
  readonly logging: { readonly level: string; readonly dir?: string; readonly log_format: LogFormat };
  /** PromQL: the default lookback of instant selectors and the most samples one query may hold. */
  readonly promql: { readonly lookback_delta: string; readonly max_samples: number };
}

export const DEFAULT_CONFIG: SluiceConfig = {
  enable_telemetry: false,
  init_regions_in_background: false,
  init_regions_parallelism: 16,
  http: {
    addr: '127.0.0.1:4000',
    timeout: '30s',
    body_limit: '64MiB',
    is_strict_mode: false,
    enable_cors: true,
    cors_allowed_origins: [],
    allowed_hosts: [],
    metrics_without_auth: true,
    status_without_auth: true,
  },
  storage: { data_home: './sluice_data', maintenance_interval: '60s', backend: 'lmdb' },
  query: { memory_limit: '512MiB', max_result_size: '64MiB', max_value_size: '16MiB', max_expr_depth: 128, max_expr_terms: 2000, memory_pool_size: '1GiB', workers: 2, overflow_workers: 1, worker_heap: '2GiB' },
  ingest: { workers: 2, overflow_workers: 1, worker_heap: '1GiB', max_line_length: '1MiB', max_items: 1_000_000, max_value_size: '16MiB', max_json_depth: 128, vrl_max_steps: 10_000_000 },
  logging: { level: 'info', log_format: 'text' },
  promql: { lookback_delta: '5m', max_samples: 50_000_000 },
};

/** Deep partial form used for the file and for flags before merging. */
export type PartialConfig = {
  -readonly [K in keyof SluiceConfig]?: SluiceConfig[K] extends object ? { -readonly [J in keyof SluiceConfig[K]]?: SluiceConfig[K][J] } : SluiceConfig[K];
};
