import type { MergeMode, TableOptions } from '@sluice/pipeline-core';

/** Table options with their defaults applied, as the write and read paths use them. */
export interface ResolvedOptions {
  /** Rows with a time index older than now − ttlMs are invisible and swept; undefined keeps rows forever. */
  readonly ttlMs: number | undefined;
  readonly appendMode: boolean;
  readonly mergeMode: MergeMode;
  readonly skipWal: boolean;
  readonly physicalTable: string | undefined;
  readonly autoCreateTable: boolean;
}

export function resolveOptions(o: TableOptions): ResolvedOptions {
  return {
    ttlMs: o.ttl === undefined || o.ttl === 'forever' ? undefined : o.ttl.ms,
    appendMode: o.append_mode ?? false,
    mergeMode: o.merge_mode ?? 'last_row',
    skipWal: o.skip_wal ?? false,
    physicalTable: o.physical_table,
    autoCreateTable: o.auto_create_table ?? true,
  };
}
