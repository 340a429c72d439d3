/**
 * Keys of GreptimeDB's standalone configuration (config/standalone.example.toml) that Sluice does not
 * use. A user's existing file may carry them: they are accepted, and the server logs one warning naming
 * them at startup. Keys Sluice applies live in `schema.ts` and are looked up there first; anything in
 * neither list is an error with "did you mean". Listed in docs/compatibility.md.
 */

/** Top-level keys. */
export const GREPTIMEDB_TOP_KEYS: readonly string[] = [
  'default_column_prefix', 'max_concurrent_queries', 'max_in_flight_write_bytes', 'write_bytes_exhausted_policy', 'mode',
];

/** Whole tables (every key and sub-table inside is accepted). */
export const GREPTIMEDB_SECTIONS: readonly string[] = [
  'grpc', 'mysql', 'postgres', 'opentsdb', 'influxdb', 'jaeger', 'otlp', 'prom_store', 'wal', 'metadata_store',
  'procedure', 'flow', 'region_engine', 'slow_query', 'event_recorder', 'memory', 'export_metrics',
  'tracing', 'runtime', 'heartbeat', 'meta_client', 'frontend', 'datanode', 'kafka', 'logs',
];

/** Keys of tables Sluice has (a sub-table such as `[storage.http_client]` is accepted whole). */
export const GREPTIMEDB_SECTION_KEYS: Readonly<Record<string, readonly string[]>> = {
  http: ['cors_allowed_origins', 'experimental_enable_explain_analyze_stream', 'enable_api_server', 'api_server_addr', 'prom_validation_mode', 'max_total_body_memory'],
  storage: [
    'type', 'bucket', 'root', 'access_key_id', 'secret_access_key', 'access_key_secret', 'account_name', 'account_key', 'scope',
    'credential_path', 'credential', 'container', 'sas_token', 'endpoint', 'region', 'http_client', 'cache_path', 'cache_capacity',
    'enable_virtual_host_style', 'providers',
  ],
  query: ['parallelism', 'allow_query_fallback', 'enable_remote_dynamic_filter_pushdown'],
  logging: [
    'enable_otlp_tracing', 'otlp_endpoint', 'append_stdout', 'enable_file_logging', 'max_log_files', 'enable_per_region_metrics',
    'otlp_export_protocol', 'otlp_headers', 'tracing_sample_ratio',
  ],
};
