/**
 * Table option keys GreptimeDB accepts in `CREATE TABLE ... WITH (...)` and `ALTER TABLE ... SET`
 * (mito and metric engine, storage, file engine, DDL). Those Sluice's store does not act on are kept
 * verbatim in `TableOptions.extra` (SHOW CREATE TABLE prints them back); any other key is refused with
 * GreptimeDB's message.
 */
const GREPTIME_TABLE_OPTION_KEYS: ReadonlySet<string> = new Set([
  // common
  'ttl', 'write_buffer_size', 'storage', 'comment', 'skip_wal', 'sst_format', 'table_data_model', 'otlp_metric_compat',
  // mito engine
  'auto_flush_interval', 'snapshot_read', 'compaction.type', 'compaction.override', 'compaction.twcs.trigger_file_num',
  'compaction.twcs.max_output_file_size', 'compaction.twcs.time_window', 'compaction.twcs.remote_compaction',
  'compaction.twcs.fallback_to_local', 'index.inverted_index.ignore_column_ids', 'index.inverted_index.segment_row_count',
  'wal_options', 'memtable.type', 'memtable.bulk.merge_threshold', 'memtable.bulk.encode_row_threshold',
  'memtable.bulk.encode_bytes_threshold', 'memtable.bulk.max_merge_groups', 'memtable.partition_tree.index_max_keys_per_shard',
  'memtable.partition_tree.data_freeze_threshold', 'memtable.partition_tree.fork_dictionary_bytes', 'append_mode',
  'merge_mode', 'max_row_group_row_count',
  // metric engine
  'physical_metric_table', 'on_physical_table', 'index.type', 'index.granularity', 'index.false_positive_rate',
  'primary_key_encoding', 'memtable.partition_tree.primary_key_encoding',
  // file engine
  'location', 'format', 'pattern',
  // DDL
  'timeout', 'wait',
]);

/** Semantic-layer keys share a reserved prefix (GreptimeDB's `greptime.semantic.`, rebranded). */
const SEMANTIC_PREFIX = 'service.semantic.';

export function isGreptimeTableOptionKey(key: string): boolean {
  return GREPTIME_TABLE_OPTION_KEYS.has(key) || key.startsWith(SEMANTIC_PREFIX);
}
