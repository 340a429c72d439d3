import { describe, expect, it } from 'vitest';
import { SluiceError, Timestamp } from '@sluice/pipeline-core';
import { decodeTables, encodeTables, toWireError, WorkerTaskError } from './protocol.js';
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
    const plain: RunTable = { suffix: '', options: {}, schema: [table.schema[0]!, { name: 'm', type: 'string', semantic: 'field' }], rows: [[new Timestamp(2_000_000n, 'ns'), 'x']] };
    const wire = structuredClone(encodeTables([table, plain]));
    expect(wire.tagged).toEqual([true, false]);
    const [back, flat] = decodeTables(wire.tables, wire.tagged);
    expect(flat!.rows).toEqual([[2n, 'x']]);
    expect(back!.rows[0]![0]).toBe(1500n);
    expect(back!.rows[0]![1]).toEqual({ at: new Timestamp(7n, 'ns'), list: [1, 'a'] });
    expect((back!.rows[0]![1] as { at: unknown }).at).toBeInstanceOf(Timestamp);
    expect(back!.rows[0]![2]).toBe(18446744073709551615n);
    expect(back!.suffix).toBe('_x');
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
