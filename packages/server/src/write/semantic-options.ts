import type { TableOptions } from '@sluice/pipeline-core';

export type SignalType = 'log' | 'metric' | 'trace';

/** What a protocol endpoint says about the tables it creates. */
export interface TableSemantics {
  readonly signalType: SignalType;
  /** The protocol: `influxdb`, `opentsdb`, `loki`, `prometheus`, `otlp`, ... */
  readonly source: string;
  /** The protocol's own defaults (`merge_mode: last_non_null`, `append_mode: true`, ...). */
  readonly defaults?: TableOptions;
}

export const CREATED_ON_INSERTION = 'Created on insertion';

/**
 * Options for a table a protocol write creates: the protocol's defaults, overridden by the request's
 * hints, plus `comment`, `service.semantic.signal_type` and `service.semantic.source` in `extra`
 * (as GreptimeDB marks them). A hint that sets `append_mode` or `merge_mode` replaces both defaults.
 */
export function protocolTableOptions(sem: TableSemantics, hints: TableOptions): TableOptions {
  const defaults: Record<string, unknown> = { ...sem.defaults };
  if (hints.append_mode !== undefined || hints.merge_mode !== undefined) {
    delete defaults.append_mode;
    delete defaults.merge_mode;
  }
  return {
    ...(defaults as TableOptions),
    ...hints,
    extra: {
      comment: CREATED_ON_INSERTION,
      'service.semantic.signal_type': sem.signalType,
      'service.semantic.source': sem.source,
      ...hints.extra,
    },
  };
}
