import type { Value } from '@sluice/pipeline-core';
import { ColumnNotFoundError, compilePredicates, InvalidRequestError, type ColumnBatch, type ColumnDef, type ScanRequest } from '@sluice/storage';
import type { ChHttp } from '../client/ch-http.js';
import { checkable } from './predicate-sql.js';
import type { TableEntry } from '../catalog/catalog.js';
import { decoderFor } from './decode-value.js';
import { nanFromBits } from '../write/nan-bits.js';
import { readSource, scanOrder } from './source.js';
import { boxedArray } from './boxed-array.js';
import { TypedColumns } from './typed-columns.js';

/**
 * Validates a scan now (a bad column or predicate throws from `scan()`, as in the embedded store) and
 * returns batches streamed from one SELECT with projection, time range, predicates, order and LIMIT
 * pushed to ClickHouse. Batches fill `ColumnVector.values`, and `typed` too when the request asks for it
 * (read/typed-columns.ts).
 */
export function scanTable(http: ChHttp, e: TableEntry, req: ScanRequest, nowMs: number): AsyncIterable<ColumnBatch> {
  const t = e.state;
  const table = `${t.record.db}.${t.record.name}`;
  const cols: ColumnDef[] = (req.columns ?? t.info.columns.map((c) => c.name)).map((n) => {
    const c = t.byName.get(n);
    if (!c) throw new ColumnNotFoundError(table, n);
    return c;
  });
  const batchSize = req.batchSize ?? 4096;
  const limit = req.limit ?? Infinity;
  if (!(batchSize >= 1) || !(limit >= 0)) throw new InvalidRequestError(`scan of ${t.record.name}: batchSize must be ≥ 1 and limit ≥ 0`);
  compilePredicates(t, checkable(req.predicates));
  const s = readSource(e, req, nowMs);
  const lim = Number.isFinite(limit) ? ` LIMIT ${Math.floor(limit)}` : '';
  if (cols.length === 0) {
    const sql = `SELECT count() FROM (SELECT 1 FROM ${s.from}${s.where === '1' ? '' : ` WHERE ${s.where}`}${lim})`;
    return {
      async *[Symbol.asyncIterator]() {
        if (limit === 0) return;
        const [[n]] = (await http.rows(sql)) as [[string]];
        for (let left = Number(n); left > 0; left -= batchSize) yield { length: Math.min(left, batchSize), columns: [] };
      },
    };
  }
  // A float64 column also reads a NaN's bits (0 for other values): text formats write every NaN as `nan`.
  const bits = cols.flatMap((c, j) => (c.type === 'float64' ? [j] : []));
  const select = [...cols.map((c) => s.ref(c.name)), ...bits.map((j) => `if(isNaN(${s.ref(cols[j]!.name)}), reinterpretAsUInt64(reinterpretAsString(${s.ref(cols[j]!.name)})), 0)`)];
  const sql = `SELECT ${select.join(', ')} FROM ${s.from}${s.where === '1' ? '' : ` WHERE ${s.where}`} ORDER BY ${scanOrder(e, s, req.descending ?? false)}${lim}`;
  const decoders = cols.map((c) => decoderFor(c.type));
  const width = cols.length;
  return {
    async *[Symbol.asyncIterator]() {
      if (limit === 0) return;
      const abort = new AbortController();
      let arrays: Value[][] = cols.map(() => boxedArray());
      const typed = req.typed === true ? new TypedColumns(cols, t.info.timeIndex, new Set(t.tags.map((c) => c.name))) : undefined;
      let n = 0;
      const flush = (): ColumnBatch => {
        const b = {
          length: n,
          columns: cols.map((c, j) => {
            const tc = typed?.of(j, arrays[j]!, n);
            return { name: c.name, type: c.type, values: arrays[j]!, ...(tc ? { typed: tc } : {}) };
          }),
        };
        // Boxed arrays: a packed double array would rewrite NaN payloads (Prometheus staleness markers).
        arrays = cols.map(() => boxedArray());
        n = 0;
        return b;
      };
      try {
        for await (const rows of http.stream(sql, abort.signal)) {
          for (const row of rows) {
            for (let j = 0; j < decoders.length; j++) arrays[j]!.push(decoders[j]!(row[j]!));
            for (let k = 0; k < bits.length; k++) {
              const f = row[width + k]!;
              if (f !== '0' && f !== '\\N') arrays[bits[k]!]![n] = nanFromBits(f);
            }
            if (++n === batchSize) yield flush();
          }
        }
        if (n > 0) yield flush();
      } finally {
        abort.abort();
      }
    },
  };
}
