import { rmSync } from 'node:fs';
import type { Value } from '@sluice/pipeline-core';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeSeriesWrite } from '../encode.js';
import type { LmdbStore } from '../index.js';
import type { WriteRequest } from '../store.js';
import { collect, countedWrite, LOG_SCHEMA, sampleRows, tempStore } from '../test-support.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const store = () => tempStore(dirs, 'sluice-encode-series-');
const counted = (rows: Value[][], encoded: WriteRequest['encoded']) => countedWrite('m', rows, encoded);

const all = (s: LmdbStore) => collect(s, { db: 'public', table: 'm' });
const OPTIONS = { merge_mode: 'last_non_null' };

describe('series writes encoded ahead (encodeSeriesWrite, WriteRequest.encoded kind series)', () => {
  it('stores what a plain write stores (out of order, duplicate times merged last_non_null), without reading `rows`', async () => {
    const plain = await store();
    const ahead = await store();
    const first = sampleRows(10, 0);
    // Out of order, two series, a duplicate time whose later row has a null field (kept from the earlier one).
    const next: Value[][] = [...sampleRows(50, 5_000).reverse(), [5_000, 'a', null, 7.5], [0, 'a', 'late', null]];
    for (const s of [plain, ahead]) await s.write([{ db: 'public', table: 'm', schema: LOG_SCHEMA, rows: first, options: OPTIONS }]);
    await plain.write([{ db: 'public', table: 'm', schema: LOG_SCHEMA, rows: next }]);
    expect(ahead.writeLayout('public', 'm')).toBeUndefined();
    const layout = ahead.writeLayout('public', 'm', true)!;
    const encoded = encodeSeriesWrite(structuredClone(layout), { schema: LOG_SCHEMA, rows: next });
    expect(encoded?.kind).toBe('series');
    const { req, reads } = counted(next, structuredClone(encoded));
    expect(await ahead.write([req])).toEqual([{ db: 'public', table: 'm', affectedRows: next.length }]);
    expect(reads()).toBe(0);
    const rows = await all(ahead);
    expect(rows).toEqual(await all(plain));
    expect(rows).toHaveLength(60);
    await plain.close();
    await ahead.close();
  });

  it('in one write, encoded and plain requests of the same times resolve in request order (the later wins)', async () => {
    const s = await store();
    await s.write([{ db: 'public', table: 'm', schema: LOG_SCHEMA, rows: sampleRows(2) }]);
    const layout = s.writeLayout('public', 'm', true)!;
    const version = (level: string): Value[][] => sampleRows(6).map(([ts, host, , v]) => [ts!, host!, level, v!]);
    const encoded = (level: string): WriteRequest => ({ db: 'public', table: 'm', schema: LOG_SCHEMA, rows: version(level), encoded: encodeSeriesWrite(layout, { schema: LOG_SCHEMA, rows: version(level) }) });
    const plain = (level: string): WriteRequest => ({ db: 'public', table: 'm', schema: LOG_SCHEMA, rows: version(level) });
    // Sequence numbers come from one block reserved for the encoded chunks; the plain request between
    // them must still lose to the encoded one after it.
    for (const [batch, last] of [
      [[encoded('e1'), plain('p1'), encoded('e2')], 'e2'],
      [[plain('p2'), encoded('e3')], 'e3'],
      [[encoded('e4'), plain('p3')], 'p3'],
    ] as const) {
      await s.write(batch);
      expect(new Set((await all(s)).map((r) => r.level))).toEqual(new Set([last]));
      await s.compact();
      expect(new Set((await all(s)).map((r) => r.level))).toEqual(new Set([last]));
    }
    await s.close();
  });

  it('falls back to the rows when the table changed after the layout was taken, and declines what it cannot encode', async () => {
    const s = await store();
    await s.write([{ db: 'public', table: 'm', schema: LOG_SCHEMA, rows: sampleRows(4), options: OPTIONS }]);
    const layout = s.writeLayout('public', 'm', true)!;
    const next = sampleRows(6, 9_000);
    const encoded = encodeSeriesWrite(structuredClone(layout), { schema: LOG_SCHEMA, rows: next });
    await s.alterTable('public', 'm', { kind: 'add_column', column: { name: 'extra', type: 'string', semantic: 'field', nullable: true } });
    const { req, reads } = counted(next, encoded);
    expect(await s.write([req])).toEqual([{ db: 'public', table: 'm', affectedRows: 6 }]);
    expect(reads()).toBeGreaterThan(0);
    expect(await all(s)).toHaveLength(10);
    // A new column, a bad value: not encoded (the store reports the error from the rows).
    expect(encodeSeriesWrite(layout, { schema: [...LOG_SCHEMA, { name: 'x', type: 'string', semantic: 'field' }], rows: [[1, 'a', 'i', 1, 'x']] })).toBeUndefined();
    expect(encodeSeriesWrite(layout, { schema: LOG_SCHEMA, rows: [[1, 'a', 'i', 'not a number']] })).toBeUndefined();
    await s.close();
  });
});
