import { describe, expect, it } from 'vitest';
import { SluiceError, StatusCode, Timestamp } from '@sluice/pipeline-core';
import { encodeAppendWrite } from '@sluice/storage/encode';
import { EncodedRowsDropped, packTables, toWireError, unpackTables, unpackTablesSliced, WorkerTaskError } from './protocol.js';

const view = new DataView(new ArrayBuffer(8));
view.setBigUint64(0, 0x7ff0000000000002n);
const stale = view.getFloat64(0);
const bits = (x: number) => (view.setFloat64(0, x), view.getBigUint64(0));
import type { RunTable } from '../pipelines/compiler.js';

describe('worker protocol', () => {
  it('sends timestamp columns as bigints in their unit and restores nested timestamps', () => {
    const table: RunTable = {
      suffix: '_x',
      options: { append_mode: true },
      schema: [
        { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
        { name: 'doc', type: 'json', semantic: 'field' },
        { name: 'n', type: 'uint64', semantic: 'field' },
      ],
      rows: [[new Timestamp(1_500_000_000n, 'ns'), { at: new Timestamp(7n, 'ns'), list: [1, 'a'] }, 18446744073709551615n]],
    };
    const plain: RunTable = {
      suffix: '',
      options: {},
      schema: [table.schema[0]!, { name: 'm', type: 'string', semantic: 'field' }, { name: 'x', type: 'float64', semantic: 'field' }, { name: 'b', type: 'boolean', semantic: 'field' }],
      rows: [[new Timestamp(2_000_000n, 'ns'), 'x', stale, true], [new Timestamp(3_000_000n, 'ns'), null, null, null], [new Timestamp(4_000_000n, 'ns'), '', -0, false]],
    };
    const { tables, transfer } = packTables([table, plain]);
    expect(tables[1]!.columns.map((c) => c.k)).toEqual(['b', 's', 'n', 'v']);
    const many: RunTable = { suffix: '', options: {}, schema: [{ name: 'l', type: 'string', semantic: 'field' }], rows: Array.from({ length: 40 }, (_, i) => [i === 5 ? null : ['info', 'warn'][i % 2]!]) };
    const [dict] = packTables([many]).tables;
    expect(dict!.columns[0]!.k).toBe('d');
    expect(unpackTables([dict!])[0]!.rows).toEqual(many.rows);
    const [back, flat] = unpackTables(structuredClone(tables, { transfer }));
    expect(flat!.rows).toEqual([[2n, 'x', stale, true], [3n, null, null, null], [4n, '', -0, false]]);
    expect(bits(flat!.rows[0]![2] as number)).toBe(0x7ff0000000000002n); // the staleness marker's payload survives
    expect(back!.rows[0]![0]).toBe(1500n);
    expect(back!.rows[0]![1]).toEqual({ at: new Timestamp(7n, 'ns'), list: [1, 'a'] });
    expect((back!.rows[0]![1] as { at: unknown }).at).toBeInstanceOf(Timestamp);
    expect(back!.rows[0]![2]).toBe(18446744073709551615n);
    expect(back!.suffix).toBe('_x');
  });

  it('sends a table encoded against a layout as its chunks only (one transferred buffer); asking for its rows fails the write for a retry', () => {
    const layout = { id: 7, version: 1, db: 'public', name: 't', storageId: 7, createdAt: 0, timeIndex: 'ts', primaryKey: [], options: { append_mode: 'true' }, columns: [{ name: 'ts', type: 'timestamp_ms', semantic: 'timestamp', nullable: false }, { name: 'm', type: 'string', semantic: 'field', nullable: true }] };
    const t: RunTable = { suffix: '', options: {}, schema: [{ name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' }, { name: 'm', type: 'string', semantic: 'field' }], rows: [[new Timestamp(2_000_000n, 'ns'), 'a'], [new Timestamp(1_000_000n, 'ns'), 'b']] };
    const { tables, transfer } = packTables([t], (x) => encodeAppendWrite(layout, x));
    expect(tables[0]!.columns).toEqual([]);
    expect(tables[0]!.encoded).toMatchObject({ tableId: 7, version: 1, count: 2, chunks: [{ min: 1n, max: 2n, rows: 2 }] });
    expect(transfer).toEqual([tables[0]!.encoded!.chunks[0]!.head.buffer]);
    const [back] = unpackTables(structuredClone(tables, { transfer }));
    expect(back!.count).toBe(2);
    expect(back!.encoded!.chunks[0]!.fields.byteLength).toBeGreaterThan(0);
    expect(() => back!.rows).toThrow(EncodedRowsDropped);
  });

  it('unpacks a large table in slices, letting the event loop run between them, to the same rows', async () => {
    const big: RunTable = {
      suffix: '',
      options: {},
      schema: [{ name: 's', type: 'string', semantic: 'field' }, { name: 'n', type: 'float64', semantic: 'field' }, { name: 'j', type: 'json', semantic: 'field' }],
      rows: Array.from({ length: 10_000 }, (_, i) => [`line ${i}`, i % 3 === 0 ? null : i / 2, { a: i % 7, t: new Timestamp(BigInt(i), 'ms') }]),
    };
    const packed = packTables([big]).tables;
    let turns = 0;
    const tick = () => {
      turns++;
      if (turns < 1000) setImmediate(tick);
    };
    setImmediate(tick);
    const sliced = await unpackTablesSliced(packed, 0);
    const seen = turns;
    turns = 1000;
    expect(seen).toBeGreaterThan(5);
    expect(sliced[0]!.rows).toEqual(unpackTables(packed)[0]!.rows);
    expect(sliced[0]!.rows[3]).toEqual(['line 3', null, { a: 3, t: new Timestamp(3n, 'ms') }]);
    // A request that timed out (or whose client left) meanwhile stops at the next yield with its reason.
    const ac = new AbortController();
    setImmediate(() => ac.abort(new SluiceError(StatusCode.DeadlineExceeded, 'request timed out after 3s')));
    await expect(unpackTablesSliced(packed, 0, ac.signal)).rejects.toMatchObject({ code: StatusCode.DeadlineExceeded });
    const gone = new AbortController();
    setImmediate(() => gone.abort());
    await expect(unpackTablesSliced(packed, 0, gone.signal)).rejects.toMatchObject({ code: StatusCode.Cancelled });
  });

  it('carries an error code, message, processor and item index across', () => {
    const e = Object.assign(new SluiceError(1004, 'item 3: processor 1 (date): bad'), { processor: { index: 1, kind: 'date' }, itemIndex: 3 });
    const back = new WorkerTaskError(structuredClone(toWireError(e)));
    expect(back.code).toBe(1004);
    expect(back.message).toBe('item 3: processor 1 (date): bad');
    expect(back.processor).toEqual({ index: 1, kind: 'date' });
    expect(back.itemIndex).toBe(3);
    expect(toWireError(new TypeError('x')).code).toBe(1003);
  });
});
