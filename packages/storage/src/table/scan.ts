import type { Value } from '@sluice/pipeline-core';
import type { TableState } from '../catalog/table-state.js';
import type { StoreContext } from '../context.js';
import { ColumnNotFoundError, InvalidRequestError } from '../errors.js';
import type { ColumnBatch, ScanRequest } from '../store.js';
import { rowSource } from './row-source.js';

type Output = { kind: 'time' } | { kind: 'tag'; slot: number } | { kind: 'field'; slot: number; dflt: Value };

/** Validates a scan and returns its batches (rows in time order, `batchSize` per batch). */
export function scanTable(ctx: StoreContext, t: TableState, req: ScanRequest): AsyncIterable<ColumnBatch> {
  const names = req.columns ?? t.info.columns.map((c) => c.name);
  const cols = names.map((n) => {
    const c = t.byName.get(n);
    if (!c) throw new ColumnNotFoundError(`${t.record.db}.${t.record.name}`, n);
    return c;
  });
  const outputs: Output[] = cols.map((c) =>
    c.name === t.info.timeIndex
      ? { kind: 'time' }
      : t.tagSlot.has(c.name)
        ? { kind: 'tag', slot: t.tagSlot.get(c.name)! }
        : { kind: 'field', slot: t.fieldSlot.get(c.name)!, dflt: c.default ?? null },
  );
  const batchSize = req.batchSize ?? 4096;
  const limit = req.limit ?? Infinity;
  if (!(batchSize >= 1) || !(limit >= 0)) throw new InvalidRequestError(`scan of ${t.record.name}: batchSize must be ≥ 1 and limit ≥ 0`);
  const wanted = t.fields.map(() => false);
  for (const o of outputs) if (o.kind === 'field') wanted[o.slot] = true;
  // Compile predicates now, so a bad predicate fails the call rather than the first iteration.
  const source = rowSource(ctx, t, { timeRange: req.timeRange, predicates: req.predicates, descending: req.descending, wantedFields: wanted });
  return {
    async *[Symbol.asyncIterator]() {
      if (limit === 0) return;
      let total = 0;
      let arrays: Value[][] = cols.map(() => []);
      let n = 0;
      for (const row of source) {
        for (let j = 0; j < outputs.length; j++) {
          const o = outputs[j]!;
          if (o.kind === 'time') arrays[j]!.push(row.ts);
          else if (o.kind === 'tag') arrays[j]!.push(row.tags[o.slot] ?? null);
          else {
            const v = row.fields[o.slot];
            arrays[j]!.push(v === undefined ? o.dflt : v);
          }
        }
        n++;
        total++;
        if (n === batchSize || total >= limit) {
          yield batch(cols, arrays, n);
          arrays = cols.map(() => []);
          n = 0;
          if (total >= limit) return;
        }
      }
      if (n > 0) yield batch(cols, arrays, n);
    },
  };
}

function batch(cols: TableState['info']['columns'], arrays: Value[][], n: number): ColumnBatch {
  return { length: n, columns: cols.map((c, j) => ({ name: c.name, type: c.type, values: arrays[j]! })) };
}
