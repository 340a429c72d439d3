import { StatusCode, Timestamp, type ColumnSchema } from '@sluice/pipeline-core';
import { describe, expect, it } from 'vitest';
import type { ScanRequest, Store } from './store.js';
import { collect, count, LOG_SCHEMA, sampleRows as rows } from './test-support.js';

/** Part of the storage contract (see store.case.test.ts): writes, scans and deletes, in both layouts. */
export function runScanCases(fresh: () => Promise<Store>): void {
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


    it('float predicates order NaN as the engine does: NaN = NaN, NaN above every number', async () => {
      const s = await fresh();
      const schema: ColumnSchema[] = [
        { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
        { name: 'f', type: 'float64', semantic: 'field' },
      ];
      await s.write([{ db: 'public', table: 'nans', options: mode, schema, rows: [[1n, NaN], [2n, 1], [3n, -Infinity], [4n, Infinity], [5n, null]] }]);
      const q = async (op: string, value: unknown) => (await collect(s, { db: 'public', table: 'nans', columns: ['ts'], predicates: [{ column: 'f', op, value }] as never })).map((r) => Number(r.ts));
      expect(await q('=', NaN)).toEqual([1]);
      expect(await q('!=', NaN)).toEqual([2, 3, 4]);
      expect(await q('<', NaN)).toEqual([2, 3, 4]);
      expect(await q('<=', NaN)).toEqual([1, 2, 3, 4]);
      expect(await q('>', NaN)).toEqual([]);
      expect(await q('>=', NaN)).toEqual([1]);
      expect(await q('>', 0)).toEqual([1, 2, 4]);
      expect(await q('>', 1)).toEqual([1, 4]);
      expect(await q('>=', 1)).toEqual([1, 2, 4]);
      expect(await q('<', Infinity)).toEqual([2, 3]);
      expect(await q('!=', 1)).toEqual([1, 3, 4]);
      expect(await q('in', [NaN, 1])).toEqual([1, 2]);
      expect(await q('not_in', [NaN])).toEqual([2, 3, 4]);
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

    it('regex / not_regex predicates match whole values (RE2, anchored); a missing value tests as the empty string', async () => {
      const s = await fresh();
      const schema: ColumnSchema[] = [...LOG_SCHEMA, { name: 'zone', type: 'string', semantic: 'tag' }];
      const data = [
        [1000, 'web-1', 'info', 1, 'eu'],
        [1001, 'web-2', 'error', 2, null],
        [1002, 'db-1', 'warn', 3, 'us'],
        [1003, 'web-10', null, 4, 'eu'],
      ];
      await s.write([{ db: 'public', table: 'm', options: mode, schema, rows: data }]);
      const hosts = async (column: string, op: 'regex' | 'not_regex', value: string) =>
        (await collect(s, { db: 'public', table: 'm', columns: ['host'], predicates: [{ column, op, value }] })).map((r) => r.host);
      expect(await hosts('host', 'regex', 'web-.')).toEqual(['web-1', 'web-2']);
      expect(await hosts('host', 'regex', 'web-1|db-1')).toEqual(['web-1', 'db-1']);
      expect(await hosts('host', 'not_regex', 'web.*')).toEqual(['db-1']);
      expect(await hosts('zone', 'regex', '')).toEqual(['web-2']);
      expect(await hosts('zone', 'not_regex', 'eu')).toEqual(['web-2', 'db-1']);
      expect(await hosts('level', 'regex', 'err.*|warn')).toEqual(['web-2', 'db-1']);
      expect(await hosts('level', 'not_regex', '.+')).toEqual(['web-10']);
      await expect(hosts('host', 'regex', '(unclosed')).rejects.toMatchObject({ code: StatusCode.InvalidArguments });
    });

    it('word (whole word, case-insensitive) and term (case-sensitive, ASCII-alphanumeric bounds) predicates', async () => {
      const s = await fresh();
      const schema: ColumnSchema[] = [...LOG_SCHEMA, { name: 'msg', type: 'string', semantic: 'field' }];
      const msgs = ['upstream Error: timeout', 'errors everywhere', 'x_error', 'error_x done', null, 'éerror', 'Timeout-error'];
      await s.write([{ db: 'public', table: 'w', options: mode, schema, rows: msgs.map((m, i) => [1000 + i, 'h', 'info', i, m]) }]);
      const rowsOf = async (predicates: ScanRequest['predicates']) =>
        (await collect(s, { db: 'public', table: 'w', columns: ['latency'], predicates })).map((r) => r.latency);
      expect(await rowsOf([{ column: 'msg', op: 'word', value: 'error' }])).toEqual([0, 6]);
      expect(await rowsOf([{ column: 'msg', op: 'word', value: 'ERROR' }, { column: 'msg', op: 'word', value: 'timeout' }])).toEqual([0, 6]);
      expect(await rowsOf([{ column: 'msg', op: 'term', value: 'error' }])).toEqual([2, 3, 5, 6]); // é is no ASCII letter: a term boundary
      expect(await rowsOf([{ column: 'msg', op: 'term', value: 'Error' }])).toEqual([0]);
      await expect(rowsOf([{ column: 'msg', op: 'word', value: 'two words' }])).rejects.toMatchObject({ code: StatusCode.InvalidArguments });
    });

    it('a scan asking for typed columns returns the same values (typed is a hint)', async () => {
      const s = await fresh();
      await s.write([{ db: 'public', table: 'logs', options: mode, schema: LOG_SCHEMA, rows: [...rows(30), [1040, 'c', null, null]] }]);
      for (const req of [{}, { limit: 7 }, { descending: true, batchSize: 4 }, { predicates: [{ column: 'host', op: '=' as const, value: 'b' }] }]) {
        const plain = await collect(s, { db: 'public', table: 'logs', ...req });
        expect(await collect(s, { db: 'public', table: 'logs', typed: true, ...req })).toEqual(plain);
      }
    });

    it('distinctSeries (a hint) still returns every series with rows in the time range (predicates apply)', async () => {
      const s = await fresh();
      const schema: ColumnSchema[] = [...LOG_SCHEMA, { name: 'zone', type: 'string', semantic: 'tag' }];
      const data = [
        [1000, 'a', 'info', 1, 'eu'],
        [1001, 'b', 'info', 2, 'eu'],
        [1002, 'a', 'info', 3, 'eu'],
        [1003, 'a', 'warn', 4, 'us'],
        [1004, 'c', 'info', 5, 'eu'],
        [1005, 'b', 'info', 6, 'eu'],
      ];
      await s.write([{ db: 'public', table: 'm', options: mode, schema, rows: data }]);
      const series = async (req: Partial<ScanRequest>) =>
        [...new Set((await collect(s, { db: 'public', table: 'm', columns: ['host', 'zone'], distinctSeries: true, ...req })).map((r) => `${r.host}/${r.zone}`))].sort();
      expect(await series({})).toEqual(['a/eu', 'a/us', 'b/eu', 'c/eu']);
      expect(await series({ timeRange: { startNs: 1_003_000_000n, endNs: 1_005_000_000n } })).toEqual(['a/us', 'c/eu']);
      expect(await series({ predicates: [{ column: 'zone', op: '=', value: 'eu' }] })).toEqual(['a/eu', 'b/eu', 'c/eu']);
      expect(await series({ predicates: [{ column: 'host', op: 'regex', value: 'b|c' }], typed: true })).toEqual(['b/eu', 'c/eu']);
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

}
