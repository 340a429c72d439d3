import type { ColumnBatch, ScanRequest, SeriesReadRequest, SeriesSamples, Store } from '@sluice/storage';
import type { StatementOutput } from '../../engine.js';

/** GreptimeDB's ANALYZE answer: `stage`, `node`, `plan` (the plan with its metrics), then `Total rows: N`. */
export function analyzeOutput(plan: string, rows: number): StatementOutput {
  const cols = [
    { name: 'stage', type: 'uint32', dataType: 'UInt32' },
    { name: 'node', type: 'uint32', dataType: 'UInt32' },
    { name: 'plan', type: 'string', dataType: 'String' },
  ] as const;
  return { kind: 'records', columns: [...cols], rows: [[0, 0, plan], [null, null, `Total rows: ${rows}`]] };
}

/** Per table scanned, one `StoreScan` line with its scans and the rows they returned. */
export function scanLines(counts: ScanCounts): string[] {
  return [...counts.tables].map(([table, c]) => `  StoreScan: table=${table} metrics=[scans: ${c.scans}, rows_read: ${c.rows}]`);
}

/** What a query read from the store, for TQL ANALYZE: per table, scans and rows. */
export interface ScanCounts {
  readonly tables: Map<string, { scans: number; rows: number }>;
}

/**
 * The store with its scans and typed series reads counted (rows of every batch or series, by table);
 * everything else passes through. Counting happens as batches stream, so it adds one addition per batch.
 */
export function countingStore(store: Store): { store: Store; counts: ScanCounts } {
  const counts: ScanCounts = { tables: new Map() };
  const counter = (req: { db: string; table: string }) => {
    const key = `${req.db}.${req.table}`;
    let c = counts.tables.get(key);
    if (!c) counts.tables.set(key, (c = { scans: 0, rows: 0 }));
    return c;
  };
  const readSeries = (req: SeriesReadRequest): AsyncIterable<SeriesSamples> | undefined => {
    const inner = store.readSeries?.(req);
    if (inner === undefined) return undefined;
    const entry = counter(req);
    entry.scans++;
    return {
      async *[Symbol.asyncIterator]() {
        for await (const s of inner) {
          entry.rows += s.times.length;
          yield s;
        }
      },
    };
  };
  const scan = (req: ScanRequest): AsyncIterable<ColumnBatch> => {
    const c = counter(req);
    c.scans++;
    const inner = store.scan(req);
    const entry = c;
    return {
      async *[Symbol.asyncIterator]() {
        for await (const b of inner) {
          entry.rows += b.length;
          yield b;
        }
      },
    };
  };
  const proxy = new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'scan') return scan;
      if (prop === 'readSeries') return store.readSeries ? readSeries : undefined;
      const v = Reflect.get(target, prop, receiver) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  return { store: proxy, counts };
}
