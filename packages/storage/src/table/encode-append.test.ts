import { rmSync } from 'node:fs';
import type { Value } from '@sluice/pipeline-core';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeAppendWrite } from '../encode.js';
import type { LmdbStore } from '../index.js';
import type { WriteRequest } from '../store.js';
import { collect, countedWrite, LOG_SCHEMA, sampleRows, tempStore } from '../test-support.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const store = () => tempStore(dirs, 'sluice-encode-append-');
const counted = (rows: Value[][], encoded: WriteRequest['encoded']) => countedWrite('logs', rows, encoded);

const all = (s: LmdbStore) => collect(s, { db: 'public', table: 'logs' });

describe('append-mode writes encoded ahead (encodeAppendWrite, WriteRequest.encoded)', () => {
  it('stores the same rows as a plain write, out-of-order times and several series included, without reading `rows`', async () => {
    const plain = await store();
    const ahead = await store();
    const first = sampleRows(10, 0);
    // Out of order, two hosts (series), nulls and a second chunk (past the chunk span).
    const next: Value[][] = [...sampleRows(50, 5_000).reverse(), [90_000_000, 'c', null, null]];
    for (const s of [plain, ahead]) await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: first, options: { append_mode: true } }]);
    await plain.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: next }]);
    const layout = ahead.writeLayout('public', 'logs')!;
    const encoded = encodeAppendWrite(structuredClone(layout), { schema: LOG_SCHEMA, rows: next });
    expect(encoded?.chunks.length).toBe(2);
    const { req, reads } = counted(next, structuredClone(encoded));
    expect(await ahead.write([req])).toEqual([{ db: 'public', table: 'logs', affectedRows: next.length }]);
    expect(reads()).toBe(0);
    expect(await all(ahead)).toEqual(await all(plain));
    expect(await all(ahead)).toHaveLength(61);
    await plain.close();
    await ahead.close();
  });

  it('writes `rows` when the table changed after the layout was taken', async () => {
    const s = await store();
    await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: sampleRows(3, 0), options: { append_mode: true } }]);
    const layout = s.writeLayout('public', 'logs')!;
    const rows = sampleRows(4, 100);
    const encoded = encodeAppendWrite(layout, { schema: LOG_SCHEMA, rows });
    await s.alterTable('public', 'logs', { kind: 'add_column', column: { name: 'extra', type: 'string', semantic: 'field', nullable: true } });
    const { req, reads } = counted(rows, encoded);
    await s.write([req]);
    expect(reads()).toBeGreaterThan(0);
    const got = await all(s);
    expect(got).toHaveLength(7);
    expect(got.every((r) => r.extra === null)).toBe(true);
    await s.close();
  });

  it('is not made for tables that are not append-mode, writes that add columns, or invalid rows', async () => {
    const s = await store();
    await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: sampleRows(3, 0), options: { append_mode: true } }]);
    await s.write([{ db: 'public', table: 'metrics', schema: LOG_SCHEMA, rows: sampleRows(3, 0) }]);
    expect(s.writeLayout('public', 'metrics')).toBeUndefined();
    expect(s.writeLayout('public', 'missing')).toBeUndefined();
    const layout = s.writeLayout('public', 'logs')!;
    expect(encodeAppendWrite(layout, { schema: [...LOG_SCHEMA, { name: 'new', type: 'string', semantic: 'field' }], rows: [[1, 'a', 'x', 1, 'y']] })).toBeUndefined();
    expect(encodeAppendWrite(layout, { schema: LOG_SCHEMA, rows: [[1, 'a', 'x', 'not a number']] })).toBeUndefined();
    // The store reports the bad row itself, as for any write.
    await expect(s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: [[1, 'a', 'x', 'not a number']] }])).rejects.toThrow(/latency/);
    await s.close();
  });
});
