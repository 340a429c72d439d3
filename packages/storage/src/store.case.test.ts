import { StatusCode, Timestamp, type ColumnSchema } from '@sluice/pipeline-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Store, TableDef } from './store.js';
import { collect, count, LOG_SCHEMA } from './test-support.js';

/**
 * The storage contract every Store backend must pass. A backend test calls
 * `runStoreCases('lmdb', () => openLmdbStore(...))`; the factory returns a fresh, empty store.
 */
export function runStoreCases(name: string, factory: () => Promise<Store>): void {
  describe(`Store contract: ${name}`, () => {
    const open: Store[] = [];
    const fresh = async () => {
      const s = await factory();
      open.push(s);
      return s;
    };
    afterEach(async () => {
      for (const s of open.splice(0)) await s.close();
    });

    const rows = (n: number, start = 1000) => Array.from({ length: n }, (_, i) => [start + i, i % 2 ? 'b' : 'a', i % 3 ? 'info' : 'error', i * 1.5]);

    describe('databases', () => {
      it('has public, creates, lists and drops databases', async () => {
        const s = await fresh();
        expect(s.listDatabases()).toEqual(['public']);
        await s.createDatabase('metrics');
        expect(s.listDatabases()).toEqual(['metrics', 'public']);
        await expect(s.createDatabase('metrics')).rejects.toMatchObject({ name: 'DatabaseAlreadyExistsError', code: StatusCode.DatabaseAlreadyExists });
        await s.createDatabase('metrics', { ifNotExists: true });
        await s.write([{ db: 'metrics', table: 'cpu', schema: LOG_SCHEMA, rows: rows(3) }]);
        await s.dropDatabase('metrics');
        expect(s.listDatabases()).toEqual(['public']);
        expect(() => s.listTables('metrics')).toThrow(expect.objectContaining({ code: StatusCode.DatabaseNotFound }));
        await expect(s.dropDatabase('metrics')).rejects.toMatchObject({ name: 'DatabaseNotFoundError', code: StatusCode.DatabaseNotFound });
        await s.dropDatabase('metrics', { ifExists: true });
      });

      it('rejects writes to a missing database', async () => {
        const s = await fresh();
        await expect(s.write([{ db: 'nope', table: 't', schema: LOG_SCHEMA, rows: rows(1) }])).rejects.toMatchObject({ code: StatusCode.DatabaseNotFound });
      });
    });

    describe('tables', () => {
      const def: TableDef = {
        name: 'events',
        columns: [
          { name: 'ts', type: 'timestamp_ns', semantic: 'timestamp', nullable: false },
          { name: 'app', type: 'string', semantic: 'tag', nullable: true },
          { name: 'code', type: 'int32', semantic: 'field', nullable: true, default: 200 },
        ],
        timeIndex: 'ts',
        primaryKey: ['app'],
        options: { append_mode: true },
      };

      it('creates, gets, lists and drops a table', async () => {
        const s = await fresh();
        const info = await s.createTable('public', def);
        expect(info).toMatchObject({ db: 'public', name: 'events', timeIndex: 'ts', primaryKey: ['app'], options: { append_mode: true } });
        expect(s.getTable('public', 'events')?.columns.map((c) => c.name)).toEqual(['ts', 'app', 'code']);
        expect(s.listTables('public').map((t) => t.name)).toEqual(['events']);
        await expect(s.createTable('public', def)).rejects.toMatchObject({ name: 'TableAlreadyExistsError', code: StatusCode.TableAlreadyExists });
        expect((await s.createTable('public', def, { ifNotExists: true })).id).toBe(info.id);
        await s.dropTable('public', 'events');
        expect(s.getTable('public', 'events')).toBeUndefined();
        await expect(s.dropTable('public', 'events')).rejects.toMatchObject({ name: 'TableNotFoundError', code: StatusCode.TableNotFound });
        await s.dropTable('public', 'events', { ifExists: true });
      });

      it('rejects bad definitions with a message naming the problem', async () => {
        const s = await fresh();
        await expect(s.createTable('public', { ...def, timeIndex: 'app' })).rejects.toThrow(/time index column 'app' must have a timestamp type/);
        await expect(s.createTable('public', { ...def, timeIndex: 'nope' })).rejects.toThrow(/'nope' is not among the columns/);
        await expect(s.createTable('public', { ...def, columns: [...def.columns, def.columns[1]!] })).rejects.toThrow(/'app' is defined twice/);
        await expect(s.createTable('nodb', def)).rejects.toMatchObject({ code: StatusCode.DatabaseNotFound });
      });

      it('applies column defaults to rows that do not carry the column', async () => {
        const s = await fresh();
        await s.createTable('public', def);
        await s.write([{ db: 'public', table: 'events', schema: [def.columns[0]!, def.columns[1]!], rows: [[1n, 'x']] }]);
        expect(await collect(s, { db: 'public', table: 'events' })).toEqual([{ ts: 1n, app: 'x', code: 200 }]);
      });

      it('scans and writes to missing tables fail with TableNotFoundError', async () => {
        const s = await fresh();
        expect(() => s.scan({ db: 'public', table: 'missing' })).toThrow(expect.objectContaining({ code: StatusCode.TableNotFound }));
        await expect(s.deleteRows({ db: 'public', table: 'missing' })).rejects.toMatchObject({ code: StatusCode.TableNotFound });
      });
    });

    describe.each([{ append_mode: false }, { append_mode: true }])('write and scan (%o)', (mode) => {
      it('creates the table on first write from the schema (time index, tags, fields)', async () => {
        const s = await fresh();
        const res = await s.write([{ db: 'public', table: 'logs', options: mode, schema: LOG_SCHEMA, rows: rows(4) }]);
        expect(res).toEqual([{ db: 'public', table: 'logs', affectedRows: 4 }]);
        const t = s.getTable('public', 'logs')!;
        expect(t.timeIndex).toBe('ts');
        expect(t.primaryKey).toEqual(['host']);
        expect(t.columns.map((c) => [c.name, c.type, c.semantic])).toEqual([
          ['ts', 'timestamp_ms', 'timestamp'],
          ['host', 'string', 'tag'],
          ['level', 'string', 'field'],
          ['latency', 'float64', 'field'],
        ]);
        expect(await collect(s, { db: 'public', table: 'logs' })).toEqual([
          { ts: 1000n, host: 'a', level: 'error', latency: 0 },
          { ts: 1001n, host: 'b', level: 'info', latency: 1.5 },
          { ts: 1002n, host: 'a', level: 'info', latency: 3 },
          { ts: 1003n, host: 'b', level: 'error', latency: 4.5 },
        ]);
      });

      it('round-trips every column type', async () => {
        const s = await fresh();
        const schema: ColumnSchema[] = [
          { name: 'ts', type: 'timestamp_us', semantic: 'timestamp' },
          { name: 'i8', type: 'int8', semantic: 'field' },
          { name: 'i16', type: 'int16', semantic: 'field' },
          { name: 'i32', type: 'int32', semantic: 'tag' },
          { name: 'i64', type: 'int64', semantic: 'field' },
          { name: 'u8', type: 'uint8', semantic: 'field' },
          { name: 'u16', type: 'uint16', semantic: 'field' },
          { name: 'u32', type: 'uint32', semantic: 'field' },
          { name: 'u64', type: 'uint64', semantic: 'field' },
          { name: 'f32', type: 'float32', semantic: 'field' },
          { name: 'f64', type: 'float64', semantic: 'field' },
          { name: 's', type: 'string', semantic: 'field' },
          { name: 'b', type: 'boolean', semantic: 'field' },
          { name: 'j', type: 'json', semantic: 'field' },
          { name: 'bin', type: 'binary', semantic: 'field' },
          { name: 't_s', type: 'timestamp_s', semantic: 'field' },
          { name: 't_ms', type: 'timestamp_ms', semantic: 'field' },
          { name: 't_ns', type: 'timestamp_ns', semantic: 'field' },
        ];
        const row = [
          Timestamp.fromUnit(1_700_000_000_123_456n, 'us'), -128, -32768, -2147483648, -(2n ** 63n), 255, 65535, 4294967295, 2n ** 64n - 1n,
          1.5, -0.1, 'héllo ✓ 日本', true, { a: [1, 'x', null], b: { c: false } }, new Uint8Array([0, 1, 255]),
          1_700_000_000n, Timestamp.fromMillis(1_700_000_000_123), 1_700_000_000_123_456_789n,
        ];
        const nulls = [2n, ...Array.from({ length: schema.length - 1 }, () => null)];
        await s.write([{ db: 'public', table: 'all_types', options: mode, schema, rows: [row, nulls] }]);
        const got = await collect(s, { db: 'public', table: 'all_types' });
        expect(got[0]).toEqual({
          ts: 2n, i8: null, i16: null, i32: null, i64: null, u8: null, u16: null, u32: null, u64: null, f32: null, f64: null,
          s: null, b: null, j: null, bin: null, t_s: null, t_ms: null, t_ns: null,
        });
        expect(got[1]).toEqual({
          ts: 1_700_000_000_123_456n, i8: -128, i16: -32768, i32: -2147483648, i64: -(2n ** 63n), u8: 255, u16: 65535, u32: 4294967295,
          u64: 2n ** 64n - 1n, f32: 1.5, f64: -0.1, s: 'héllo ✓ 日本', b: true, j: { a: [1, 'x', null], b: { c: false } },
          bin: new Uint8Array([0, 1, 255]), t_s: 1_700_000_000n, t_ms: 1_700_000_000_123n, t_ns: 1_700_000_000_123_456_789n,
        });
      });

      it('projects columns in the requested order and rejects unknown ones', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'logs', options: mode, schema: LOG_SCHEMA, rows: rows(2) }]);
        const got = [];
        for await (const b of s.scan({ db: 'public', table: 'logs', columns: ['latency', 'ts'] })) got.push(b);
        expect(got).toEqual([{ length: 2, columns: [
          { name: 'latency', type: 'float64', values: [0, 1.5] },
          { name: 'ts', type: 'timestamp_ms', values: [1000n, 1001n] },
        ] }]);
        expect(() => s.scan({ db: 'public', table: 'logs', columns: ['nope'] })).toThrow(expect.objectContaining({ name: 'ColumnNotFoundError', code: StatusCode.TableColumnNotFound }));
      });

      it('applies time range (ns), limit, descending order and batch size', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'logs', options: mode, schema: LOG_SCHEMA, rows: rows(10) }]);
        const ts = async (req: object) => (await collect(s, { db: 'public', table: 'logs', columns: ['ts'], ...req })).map((r) => r.ts);
        expect(await ts({ timeRange: { startNs: 1_002_000_000n, endNs: 1_005_000_000n } })).toEqual([1002n, 1003n, 1004n]);
        expect(await ts({ timeRange: { startNs: 1_002_000_001n, endNs: 1_005_000_001n } })).toEqual([1003n, 1004n, 1005n]);
        expect(await ts({ timeRange: { endNs: 1_002_000_000n } })).toEqual([1000n, 1001n]);
        expect(await ts({ limit: 3 })).toEqual([1000n, 1001n, 1002n]);
        expect(await ts({ descending: true, limit: 3 })).toEqual([1009n, 1008n, 1007n]);
        expect(await ts({ descending: true, timeRange: { startNs: 1_007_000_000n, endNs: 1_009_000_000n } })).toEqual([1008n, 1007n]);
        expect(await ts({ limit: 0 })).toEqual([]);
        const sizes = [];
        for await (const b of s.scan({ db: 'public', table: 'logs', batchSize: 4 })) sizes.push(b.length);
        expect(sizes).toEqual([4, 4, 2]);
      });

      it('applies tag, field and time predicates exactly', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'logs', options: mode, schema: LOG_SCHEMA, rows: [...rows(12), [2000, null, null, null]] }]);
        const q = async (...predicates: object[]) => (await collect(s, { db: 'public', table: 'logs', columns: ['ts'], predicates: predicates as never })).map((r) => Number(r.ts));
        expect(await q({ column: 'host', op: '=', value: 'a' })).toEqual([1000, 1002, 1004, 1006, 1008, 1010]);
        expect(await q({ column: 'host', op: '!=', value: 'a' })).toEqual([1001, 1003, 1005, 1007, 1009, 1011]);
        expect(await q({ column: 'host', op: 'is_null' })).toEqual([2000]);
        expect(await q({ column: 'level', op: '=', value: 'error' }, { column: 'host', op: '=', value: 'b' })).toEqual([1003, 1009]);
        expect(await q({ column: 'latency', op: '>=', value: 12 })).toEqual([1008, 1009, 1010, 1011]);
        expect(await q({ column: 'latency', op: '<', value: 3n })).toEqual([1000, 1001]);
        expect(await q({ column: 'level', op: 'in', value: ['error'] })).toEqual([1000, 1003, 1006, 1009]);
        expect(await q({ column: 'level', op: 'not_in', value: ['error'] })).toEqual([1001, 1002, 1004, 1005, 1007, 1008, 1010, 1011]);
        expect(await q({ column: 'latency', op: 'is_not_null' }, { column: 'ts', op: '>', value: 1009n })).toEqual([1010, 1011]);
        expect(await q({ column: 'ts', op: '=', value: 1005 })).toEqual([1005]);
        expect(await q({ column: 'ts', op: '!=', value: 1005 }, { column: 'ts', op: '<=', value: 1006 })).toEqual([1000, 1001, 1002, 1003, 1004, 1006]);
        expect(await q({ column: 'ts', op: 'in', value: [1001, Timestamp.fromMillis(1003)] })).toEqual([1001, 1003]);
        expect(() => s.scan({ db: 'public', table: 'logs', predicates: [{ column: 'nope', op: '=', value: 1 }] })).toThrow(expect.objectContaining({ code: StatusCode.TableColumnNotFound }));
        expect(() => s.scan({ db: 'public', table: 'logs', predicates: [{ column: 'latency', op: '=', value: 'x' }] })).toThrow(/cannot compare column of type Float64/);
      });

      it('returns rows in time order when writes overlap in time or span minutes', async () => {
        const s = await fresh();
        const put = (ts: number[], host: string) => s.write([{ db: 'public', table: 'logs', options: mode, schema: LOG_SCHEMA, rows: ts.map((t) => [t, host, 'x', t]) }]);
        const evens = Array.from({ length: 50 }, (_, i) => i * 2);
        await put(evens, 'a');
        await put(evens.map((t) => t + 1), 'b');
        await put([50, 150_000, 61_000, 30_000, 122_000], 'c');
        const all = [...evens, ...evens.map((t) => t + 1), 50, 150_000, 61_000, 30_000, 122_000].sort((x, y) => x - y);
        const ts = async (req: object) => (await collect(s, { db: 'public', table: 'logs', columns: ['ts'], ...req })).map((r) => Number(r.ts));
        // Every (host, ts) pair is distinct, so both modes keep every row.
        const expected = all;
        expect(await ts({})).toEqual(expected);
        expect(await ts({ descending: true })).toEqual([...expected].reverse());
        expect(await ts({ descending: true, limit: 4 })).toEqual([150_000, 122_000, 61_000, 30_000]);
        expect(await ts({ timeRange: { startNs: 48_000_000n, endNs: 53_000_000n } })).toEqual(expected.filter((t) => t >= 48 && t < 53));
        expect(await ts({ timeRange: { startNs: 60_000_000_000n } })).toEqual([61_000, 122_000, 150_000]);
        expect(await ts({ timeRange: { endNs: 123_000_000_000n, startNs: 31_000_000_000n }, descending: true })).toEqual([122_000, 61_000]);
        expect(await ts({ predicates: [{ column: 'host', op: '=', value: 'c' }], descending: true })).toEqual([150_000, 122_000, 61_000, 30_000, 50]);
        const batches = [];
        for await (const b of s.scan({ db: 'public', table: 'logs', columns: ['ts'], batchSize: 7 })) batches.push(b.length);
        expect(batches.reduce((x, y) => x + y, 0)).toBe(expected.length);
        expect(batches.slice(0, -1).every((n) => n === 7)).toBe(true);
      });

      it('counts rows without reading values', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'logs', options: mode, schema: LOG_SCHEMA, rows: rows(50) }]);
        expect(await count(s, { db: 'public', table: 'logs' })).toBe(50);
        expect(await count(s, { db: 'public', table: 'logs', predicates: [{ column: 'level', op: '=', value: 'error' }] })).toBe(17);
        expect(await count(s, { db: 'public', table: 'logs', timeRange: { startNs: 1_010_000_000n, endNs: 1_020_000_000n } })).toBe(10);
        const lengths = [];
        for await (const b of s.scan({ db: 'public', table: 'logs', columns: [], limit: 5, batchSize: 2 })) lengths.push([b.length, b.columns.length]);
        expect(lengths).toEqual([[2, 0], [2, 0], [1, 0]]);
      });
    });

    describe('schema evolution and conflicts', () => {
      it('adds new columns on write; older rows read them as null', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: rows(1) }]);
        await s.write([{ db: 'public', table: 'logs', schema: [LOG_SCHEMA[0]!, { name: 'region', type: 'string', semantic: 'tag' }, { name: 'bytes', type: 'uint32', semantic: 'field' }], rows: [[5000, 'eu', 7]] }]);
        const t = s.getTable('public', 'logs')!;
        expect(t.columns.map((c) => c.name)).toEqual(['ts', 'host', 'level', 'latency', 'region', 'bytes']);
        expect(t.primaryKey).toEqual(['host', 'region']);
        expect(await collect(s, { db: 'public', table: 'logs' })).toEqual([
          { ts: 1000n, host: 'a', level: 'error', latency: 0, region: null, bytes: null },
          { ts: 5000n, host: null, level: null, latency: null, region: 'eu', bytes: 7 },
        ]);
      });

      it('rejects a column type conflict naming the column and both types, writing nothing of the batch', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: rows(1) }]);
        const bad = [{ name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' }, { name: 'latency', type: 'string', semantic: 'field' }] as const;
        const p = s.write([
          { db: 'public', table: 'other', schema: LOG_SCHEMA, rows: rows(3) },
          { db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: rows(3, 9000) },
          { db: 'public', table: 'logs', schema: bad, rows: [[2, 'x']] },
        ]);
        await expect(p).rejects.toMatchObject({ name: 'SchemaConflictError', code: StatusCode.InvalidArguments, column: 'latency', expected: 'Float64', actual: 'String' });
        await expect(p).rejects.toThrow(/column 'latency'.*Float64.*String/);
        expect(s.getTable('public', 'other')).toBeUndefined();
        expect(await count(s, { db: 'public', table: 'logs' })).toBe(1);
      });

      it('rejects values that do not fit the column type, writing nothing', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: rows(1) }]);
        await expect(s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: [[1, 'a', 'x', 1], [2, 'a', 'x', 'slow']] }])).rejects.toThrow(
          /column 'latency'.*Float64.*a string value "slow" \(row 1\)/,
        );
        await expect(s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: [[null, 'a', 'x', 1]] }])).rejects.toThrow(/no value for the time index 'ts'/);
        await expect(s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: [[1, 'a']] }])).rejects.toThrow(/row 0 has 2 values but the schema has 4/);
        const int8 = [LOG_SCHEMA[0]!, { name: 'small', type: 'int8', semantic: 'field' }] as const;
        await expect(s.write([{ db: 'public', table: 'logs', schema: int8, rows: [[3, 300]] }])).rejects.toThrow(/column 'small'.*Int8.*300/);
        expect(await count(s, { db: 'public', table: 'logs' })).toBe(1);
        expect(s.getTable('public', 'logs')!.columns.map((c) => c.name)).not.toContain('small');
      });

      it('requires the time index in writes to existing tables', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: rows(1) }]);
        await expect(s.write([{ db: 'public', table: 'logs', schema: [LOG_SCHEMA[1]!], rows: [['a']] }])).rejects.toThrow(/lacks the time index column 'ts'/);
        await expect(s.write([{ db: 'public', table: 'fresh', schema: [LOG_SCHEMA[1]!], rows: [['a']] }])).rejects.toThrow(/exactly one column with semantic 'timestamp'/);
      });
    });

    describe('table options', () => {
      const w = (s: Store, table: string, rs: unknown[][], options?: object) =>
        s.write([{ db: 'public', table, schema: LOG_SCHEMA, rows: rs as never, ...(options ? { options } : {}) }]);

      it('auto_create_table=false makes a write to a missing table an error naming it', async () => {
        const s = await fresh();
        await expect(w(s, 'nolog', rows(1), { auto_create_table: false })).rejects.toMatchObject({ name: 'TableNotFoundError', code: StatusCode.TableNotFound, table: 'nolog' });
        await expect(w(s, 'nolog', rows(1), { auto_create_table: false })).rejects.toThrow(/public\.nolog/);
        expect(s.getTable('public', 'nolog')).toBeUndefined();
      });

      it('without append_mode keeps one row per primary key and time (last_row: the later write wins whole)', async () => {
        const s = await fresh();
        await w(s, 'logs', [[1, 'a', 'info', 1], [1, 'b', 'info', 2]]);
        await w(s, 'logs', [[1, 'a', null, 9], [1, 'a', 'warn', null]]);
        expect(await collect(s, { db: 'public', table: 'logs' })).toEqual([
          { ts: 1n, host: 'a', level: 'warn', latency: null },
          { ts: 1n, host: 'b', level: 'info', latency: 2 },
        ]);
      });

      it('merge_mode=last_non_null fills null fields from the earlier row', async () => {
        const s = await fresh();
        await w(s, 'logs', [[1, 'a', 'info', 1]], { merge_mode: 'last_non_null' });
        await w(s, 'logs', [[1, 'a', null, 9]]);
        await w(s, 'logs', [[1, 'a', 'warn', null], [2, 'a', null, 3]]);
        expect(await collect(s, { db: 'public', table: 'logs' })).toEqual([
          { ts: 1n, host: 'a', level: 'warn', latency: 9 },
          { ts: 2n, host: 'a', level: null, latency: 3 },
        ]);
      });

      it('append_mode=true keeps every row, duplicates included', async () => {
        const s = await fresh();
        await w(s, 'logs', [[1, 'a', 'info', 1], [1, 'a', 'info', 1]], { append_mode: true });
        await w(s, 'logs', [[1, 'a', 'warn', 2]]);
        expect((await collect(s, { db: 'public', table: 'logs' })).map((r) => r.level)).toEqual(['info', 'info', 'warn']);
        await expect(s.alterTable('public', 'logs', { kind: 'set_options', options: { append_mode: false } })).rejects.toThrow(/append_mode cannot be changed/);
      });

      it.each([false, true])('ttl hides rows older than now − ttl; options can be set and unset later (append_mode %s)', async (append_mode) => {
        const s = await fresh();
        const now = Date.now();
        const old = now - 2 * 86_400_000;
        await w(s, 'logs', [[old, 'a', 'old', 1], [now, 'a', 'new', 2]], { ttl: { text: '1d', ms: 86_400_000 }, append_mode });
        expect(s.getTable('public', 'logs')!.options.ttl).toEqual({ text: '1d', ms: 86_400_000 });
        expect((await collect(s, { db: 'public', table: 'logs' })).map((r) => r.level)).toEqual(['new']);
        const t = await s.alterTable('public', 'logs', { kind: 'set_options', options: { ttl: { text: '3d', ms: 3 * 86_400_000 } } });
        expect(t.options.ttl).toEqual({ text: '3d', ms: 3 * 86_400_000 });
        expect((await collect(s, { db: 'public', table: 'logs' })).map((r) => r.level)).toEqual(['old', 'new']);
        await s.alterTable('public', 'logs', { kind: 'set_options', options: { ttl: { text: '1h', ms: 3_600_000 } } });
        expect(await count(s, { db: 'public', table: 'logs' })).toBe(1);
        await s.alterTable('public', 'logs', { kind: 'unset_options', names: ['ttl'] });
        expect(s.getTable('public', 'logs')!.options.ttl).toBeUndefined();
        expect(await count(s, { db: 'public', table: 'logs' })).toBe(2);
      });

      it('alterTable adds columns and rejects duplicates', async () => {
        const s = await fresh();
        await w(s, 'logs', rows(1));
        const t = await s.alterTable('public', 'logs', { kind: 'add_column', column: { name: 'dc', type: 'string', semantic: 'field', nullable: true, default: 'x' } });
        expect(t.columns.at(-1)).toMatchObject({ name: 'dc', default: 'x' });
        expect(await collect(s, { db: 'public', table: 'logs', columns: ['dc'] })).toEqual([{ dc: 'x' }]);
        await expect(s.alterTable('public', 'logs', { kind: 'add_column', column: { name: 'dc', type: 'string', semantic: 'field', nullable: true } })).rejects.toMatchObject({
          code: StatusCode.TableColumnExists,
        });
        await expect(s.alterTable('public', 'nope', { kind: 'add_column', column: { name: 'dc', type: 'string', semantic: 'field', nullable: true } })).rejects.toMatchObject({
          code: StatusCode.TableNotFound,
        });
      });

      it.each([false, true])('physical_table: logical tables share storage but each scan returns only its rows (append_mode %s)', async (append_mode) => {
        const s = await fresh();
        const opts = { physical_table: 'greptime_physical_table', append_mode };
        await w(s, 'cpu', [[1, 'a', 'x', 1], [2, 'b', 'x', 2]], opts);
        await w(s, 'mem', [[1, 'a', 'y', 10], [3, 'a', 'y', 30]], { ...opts, append_mode: !append_mode });
        expect(s.getTable('public', 'mem')!.options.physical_table).toBe('greptime_physical_table');
        expect((await collect(s, { db: 'public', table: 'cpu' })).map((r) => r.latency)).toEqual([1, 2]);
        expect((await collect(s, { db: 'public', table: 'mem' })).map((r) => r.latency)).toEqual([10, 30]);
        expect(await count(s, { db: 'public', table: 'mem', predicates: [{ column: 'host', op: '=', value: 'b' }] })).toBe(0);
        await s.truncate('public', 'cpu');
        expect(await count(s, { db: 'public', table: 'cpu' })).toBe(0);
        expect(await count(s, { db: 'public', table: 'mem' })).toBe(2);
        await s.dropTable('public', 'mem');
        await w(s, 'mem', [[5, 'z', 'y', 50]], opts);
        expect(await collect(s, { db: 'public', table: 'mem', columns: ['host'] })).toEqual([{ host: 'z' }]);
      });
    });

    describe.each([{ append_mode: false }, { append_mode: true }])('deletes (%o)', (mode) => {
      it('deleteRows removes the matching rows and returns how many; truncate empties the table', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'logs', options: mode, schema: LOG_SCHEMA, rows: rows(10) }]);
        expect(await s.deleteRows({ db: 'public', table: 'logs', predicates: [{ column: 'host', op: '=', value: 'a' }], timeRange: { startNs: 1_004_000_000n } })).toBe(3);
        expect(await count(s, { db: 'public', table: 'logs' })).toBe(7);
        expect(await s.deleteRows({ db: 'public', table: 'logs', predicates: [{ column: 'level', op: '=', value: 'error' }] })).toBe(3);
        expect(await count(s, { db: 'public', table: 'logs' })).toBe(4);
        await s.truncate('public', 'logs');
        expect(await count(s, { db: 'public', table: 'logs' })).toBe(0);
        expect(s.getTable('public', 'logs')).toBeDefined();
      });
    });

    describe('pipelines', () => {
      it('stores versions by creation time, newest first', async () => {
        const s = await fresh();
        const a1 = await s.pipelines.put('nginx', 'processors: []');
        const a2 = await s.pipelines.put('nginx', 'processors: [1]');
        const b1 = await s.pipelines.put('apache', 'x: 1');
        expect(a1.version).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{9}$/);
        expect(a2.version > a1.version).toBe(true);
        expect(s.pipelines.get('nginx')).toEqual(a2);
        expect(s.pipelines.get('nginx', a1.version)).toEqual(a1);
        expect(s.pipelines.get('nginx', '2000-01-01 00:00:00.000000000')).toBeUndefined();
        expect(s.pipelines.get('ngin')).toBeUndefined();
        expect(s.pipelines.list()).toEqual([b1, a2, a1]);
        expect(s.pipelines.list('nginx')).toEqual([a2, a1]);
        expect(await s.pipelines.delete('nginx', a2.version)).toBe(true);
        expect(await s.pipelines.delete('nginx', a2.version)).toBe(false);
        expect(s.pipelines.get('nginx')).toEqual(a1);
      });
    });
  });
}
