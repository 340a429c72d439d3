import { compileFulltext } from '@sluice/query';
import type { Store } from '@sluice/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickHouseBinary, openClickHouseStore, startLocalClickHouse, type LocalClickHouse } from '../src/index.js';

const bin = clickHouseBinary();
if (bin === undefined && process.env.CI) throw new Error('clickhouse-server is missing in CI (.ci/apt-packages.txt lists it)');

const schema = (t: 'int64' | 'float64') =>
  [
    { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
    { name: 'host', type: 'string', semantic: 'tag' },
    { name: 'n', type: t, semantic: 'field' },
  ] as const;

async function values(s: Store, table: string, column: string): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const b of s.scan({ db: 'public', table, columns: [column] })) out.push(...b.columns[0]!.values);
  return out;
}

/** Behaviour beyond the shared contract: Sluice's own TTL expiry, a second server's catalog, matches() pushdown, anyOrder. */
describe.skipIf(bin === undefined)('ClickHouse store specifics', () => {
  let ch: LocalClickHouse;
  let clock = Date.parse('2026-11-25T00:00:00Z');
  let a: Store & { sweepExpired(): Promise<number> };
  let b: Store;
  beforeAll(async () => {
    [ch] = (await startLocalClickHouse(1)) as [LocalClickHouse];
    a = await openClickHouseStore({ urls: [ch.url], databasePrefix: 'x_', catalogRefreshMs: 60_000, ttlSweepIntervalMs: 0, now: () => clock });
    b = await openClickHouseStore({ urls: [ch.url], databasePrefix: 'x_', catalogRefreshMs: 60_000, ttlSweepIntervalMs: 0 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await ch?.stop();
  });

  it("Sluice's own TTL expiry deletes rows older than now − ttl for good (18.16 has no table TTL)", async () => {
    const day = 86_400_000;
    await a.write([{ db: 'public', table: 'ttl', schema: schema('int64'), rows: [[clock - 3 * day, 'a', 1], [clock - 2 * day, 'a', 2], [clock, 'a', 3]], options: { ttl: { text: '1d', ms: day }, append_mode: true } }]);
    expect(await values(a, 'ttl', 'n')).toEqual([3]);
    expect(await a.sweepExpired()).toBe(2);
    expect(await a.sweepExpired()).toBe(0);
    await a.alterTable('public', 'ttl', { kind: 'unset_options', names: ['ttl'] });
    expect(await values(a, 'ttl', 'n')).toEqual([3]);
  });

  it('a second store (another Sluice server) finds a table created through the first after refreshCatalog, and on a write at once', async () => {
    await a.write([{ db: 'public', table: 'shared', schema: schema('int64'), rows: [[1, 'a', 1]] }]);
    // b's cache is older than the table (refresh every 60 s here): a scan misses, refreshCatalog finds it.
    expect(() => b.scan({ db: 'public', table: 'shared' })).toThrow(/Table not found/);
    await b.refreshCatalog!();
    expect(await values(b, 'shared', 'n')).toEqual([1]);
    // A write naming a table b does not know reloads first: it extends a's table rather than making another.
    await a.write([{ db: 'public', table: 'shared2', schema: schema('int64'), rows: [[1, 'a', 1]] }]);
    await b.write([{ db: 'public', table: 'shared2', schema: [...schema('int64'), { name: 'extra', type: 'string', semantic: 'field' }], rows: [[2, 'b', 2, 'x']] }]);
    await a.refreshCatalog!();
    expect(a.getTable('public', 'shared2')!.columns.map((c) => c.name)).toEqual(['ts', 'host', 'n', 'extra']);
    expect(await values(a, 'shared2', 'n')).toEqual([1, 2]);
  });
  it("matches() predicates run in ClickHouse with the SQL engine's semantics (words, phrases, + - AND OR, case, NULL)", async () => {
    const texts = [
      'ERROR: connection timeout', 'error timeout', 'Timeout after error', 'errors timed out', 'no_error timeout', 'x-error,timeout!',
      'connection reset by peer', 'db-1 down', 'db 1 down', 'DB-2 down', 'request error', 'Ünïcode ERROR ümlaut', 'xÜerror', '', null,
      'warn: slow "quoted phrase" here', 'quoted and phrase', 'tab\there\nnewline error', '快速的棕色狐狸跳过了懒狗', '狐狸和狗是好朋友',
    ];
    const schemaM = [{ name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' }, { name: 'msg', type: 'string', semantic: 'field' }] as const;
    await a.write([{ db: 'public', table: 'ft', schema: schemaM, rows: texts.map((t, i) => [i, t]), options: { append_mode: true } }]);
    const queries = [
      'error', 'ERROR AND timeout', 'error timeout', '+error -timeout', '-timeout', 'error OR reset', '"connection timeout"', 'db-1', '"quoted phrase"',
      '(error OR reset) AND -peer', 'timeout AND (error OR after)', 'ümlaut', 'ünïcode', 'newline', '+error +timeout connection',
      '狐狸 AND 跳过', '狐狸 -跳过', '+(error reset) AND timeout', 'timeout -(error AND connection)',
    ];
    for (const q of queries) {
      const m = compileFulltext(q);
      const want = texts.filter((t) => t !== null && m(t));
      const got: unknown[] = [];
      for await (const b of a.scan({ db: 'public', table: 'ft', columns: ['msg'], predicates: [{ column: 'msg', op: 'matches', value: q }] })) got.push(...b.columns[0]!.values);
      expect({ q, rows: got }).toEqual({ q, rows: want });
      const [[n]] = (await a.aggregate!({ db: 'public', table: 'ft', aggregates: [{ fn: 'count' }], predicates: [{ column: 'msg', op: 'matches', value: q }] }))!;
      expect(n).toBe(want.length);
    }
    expect(() => a.scan({ db: 'public', table: 'ft', predicates: [{ column: 'nope', op: 'matches', value: 'x' }] })).toThrow(/nope/);
  });

  it('count(*) of a whole append-mode table (answered from its active parts) equals the rows a scan returns, through inserts, a delete and a truncate', async () => {
    const count = async (t: string, extra: object = {}) => (await a.aggregate!({ db: 'public', table: t, aggregates: [{ fn: 'count' }, { fn: 'count' }], ...extra }))![0];
    const opts = { append_mode: true };
    await a.write([{ db: 'public', table: 'parts_n', schema: schema('int64'), rows: [], options: opts }]);
    expect(await count('parts_n')).toEqual([0, 0]);
    // Three INSERTs: three parts; rows equal in every column are all kept (append mode).
    for (let k = 0; k < 3; k++) await a.write([{ db: 'public', table: 'parts_n', schema: schema('int64'), rows: Array.from({ length: 100 + k }, (_, i) => [i, 'h', i % 7]), options: opts }]);
    expect(await count('parts_n')).toEqual([303, 303]);
    expect((await values(a, 'parts_n', 'n')).length).toBe(303);
    // A delete rewrites parts (a mutation): the count follows it.
    expect(await a.deleteRows({ db: 'public', table: 'parts_n', predicates: [{ column: 'n', op: '=', value: 0 }] })).toBe(45);
    expect(await count('parts_n')).toEqual([258, 258]);
    // With a predicate or a time range the count is a real query: the same rows, fewer of them.
    expect(await count('parts_n', { predicates: [{ column: 'n', op: '=', value: 1 }] })).toEqual([45, 45]);
    expect(await count('parts_n', { timeRange: { startNs: 0n, endNs: 50_000_000n } })).toEqual([126, 126]);
    // A second store sees the same count (nothing is cached in Sluice).
    await b.refreshCatalog!();
    expect((await b.aggregate!({ db: 'public', table: 'parts_n', aggregates: [{ fn: 'count' }] }))![0]).toEqual([258]);
    await a.truncate('public', 'parts_n');
    expect(await count('parts_n')).toEqual([0, 0]);
    // A table that merges versions counts one row per (series, time), not the stored versions.
    await a.write([{ db: 'public', table: 'parts_merge', schema: schema('int64'), rows: [[1, 'h', 1], [2, 'h', 2]] }]);
    await a.write([{ db: 'public', table: 'parts_merge', schema: schema('int64'), rows: [[1, 'h', 3], [3, 'h', 4]] }]);
    expect(await count('parts_merge')).toEqual([3, 3]);
  });

  it('anyOrder: the same groups as the first-met order, without ordering them in ClickHouse', async () => {
    await a.write([{ db: 'public', table: 'grp', schema: schema('float64'), rows: [[3, 'c', 1], [1, 'b', 2], [2, 'a', 3], [4, 'b', 4]] }]);
    const req = { db: 'public', table: 'grp', groupBy: [{ column: 'host' }], aggregates: [{ fn: 'count' as const }, { fn: 'sum' as const, column: 'n' }] };
    const ordered = await a.aggregate!(req);
    expect(ordered).toEqual([['b', 2, 6], ['a', 1, 3], ['c', 1, 1]]);
    const any = await a.aggregate!({ ...req, anyOrder: true });
    expect([...any!].sort((x, y) => String(x[0]).localeCompare(String(y[0])))).toEqual([['a', 1, 3], ['b', 2, 6], ['c', 1, 1]]);
  });

  it('order: with anyOrder the groups come sorted by the caller\'s group keys (direction, NULLS), minute buckets floored before 1970', async () => {
    const rows = [[-61_000, 'b', 1], [-1, null, 2], [0, 'a', 3], [59_999, 'b', 4], [60_000, null, 5], [-60_000, 'a', 6]];
    await a.write([{ db: 'public', table: 'ord', schema: schema('float64'), rows, options: { append_mode: true } }]);
    const base = { db: 'public', table: 'ord', aggregates: [{ fn: 'count' as const }, { fn: 'sum' as const, column: 'n' }], anyOrder: true };
    const minute = { column: 'ts', bucketNs: 60_000_000_000n };
    expect(await a.aggregate!({ ...base, groupBy: [minute], order: [{ key: 0, descending: false, nullsFirst: false }] })).toEqual([[-120_000n, 1, 1], [-60_000n, 2, 8], [0n, 2, 7], [60_000n, 1, 5]]);
    expect(await a.aggregate!({ ...base, groupBy: [minute], order: [{ key: 0, descending: true, nullsFirst: true }] })).toEqual([[60_000n, 1, 5], [0n, 2, 7], [-60_000n, 2, 8], [-120_000n, 1, 1]]);
    expect(await a.aggregate!({ ...base, groupBy: [{ column: 'host' }], order: [{ key: 0, descending: true, nullsFirst: false }] })).toEqual([['b', 2, 5], ['a', 2, 9], [null, 2, 7]]);
    expect(await a.aggregate!({ ...base, groupBy: [{ column: 'host' }], order: [{ key: 0, descending: false, nullsFirst: true }] })).toEqual([[null, 2, 7], ['a', 2, 9], ['b', 2, 5]]);
    // Two keys, the second one first in the order.
    expect(await a.aggregate!({ ...base, groupBy: [{ column: 'host' }, minute], order: [{ key: 1, descending: false, nullsFirst: false }, { key: 0, descending: false, nullsFirst: false }] })).toEqual([
      ['b', -120_000n, 1, 1], ['a', -60_000n, 1, 6], [null, -60_000n, 1, 2], ['a', 0n, 1, 3], ['b', 0n, 1, 4], [null, 60_000n, 1, 5],
    ]);
  });

  it('minute buckets are exact at both ends of Int64 (the offset index wraps there: asked again in the signed form)', async () => {
    const min = -(2n ** 63n);
    const max = 2n ** 63n - 1n;
    const floorStart = (ts: bigint) => (ts >= 0n || ts % 60_000n === 0n ? ts / 60_000n : ts / 60_000n - 1n) * 60_000n;
    const times = [min, min + 1n, max, max - 60_000n, 1_700_000_000_123n, -61_000n, -1n, 0n];
    const req = (table: string) => ({ db: 'public', table, groupBy: [{ column: 'ts', bucketNs: 60_000_000_000n }], aggregates: [{ fn: 'count' as const }, { fn: 'sum' as const, column: 'n' }], anyOrder: true, order: [{ key: 0, descending: false, nullsFirst: false }] });
    const expected = (ts: bigint[]) => {
      const m = new Map<bigint, [number, number]>();
      ts.forEach((t, i) => {
        const g = m.get(floorStart(t)) ?? [0, 0];
        m.set(floorStart(t), [g[0] + 1, g[1] + i + 1]);
      });
      return [...m].sort((x, y) => (x[0] < y[0] ? -1 : 1)).map(([k, [c, n]]) => [k, c, n]);
    };
    await a.write([{ db: 'public', table: 'ends', schema: schema('float64'), rows: times.map((t, i) => [t, 'h', i + 1]) }]);
    expect(await a.aggregate!(req('ends'))).toEqual(expected(times));
    // Only the largest times (no wrap): the same top group, answered by the offset form.
    const high = [max, max - 1n, max - 60_000n, 5n];
    await a.write([{ db: 'public', table: 'high', schema: schema('float64'), rows: high.map((t, i) => [t, 'h', i + 1]) }]);
    expect(await a.aggregate!(req('high'))).toEqual(expected(high));
    // Random times around 0 and now, some before 1970: every bucket floored.
    const rnd = Array.from({ length: 200 }, (_, i) => BigInt(Math.round((Math.sin(i * 7.3) * 1e7))) + (i % 3 === 0 ? 1_700_000_000_000n : 0n));
    await a.write([{ db: 'public', table: 'rnd', schema: schema('float64'), rows: rnd.map((t, i) => [t, 'h', i + 1]) }]);
    expect(await a.aggregate!(req('rnd'))).toEqual(expected(rnd));
  });

  it('statistics: rows and time bounds as a scan sees them (a rewritten last_row key counts once), parts; bytesOnDisk from system.parts', async () => {
    await a.write([{ db: 'public', table: 'st', schema: schema('int64'), rows: [[5, 'a', 1], [9, 'b', 2]] }]);
    await a.write([{ db: 'public', table: 'st', schema: schema('int64'), rows: [[5, 'a', 3], [7, 'a', 4]] }]);
    const st = await a.statistics!('public', 'st');
    expect({ rows: st.rows, minTs: st.minTs, maxTs: st.maxTs }).toEqual({ rows: 3, minTs: 5n, maxTs: 9n });
    expect(st.chunks).toBeGreaterThanOrEqual(1);
    await a.write([{ db: 'public', table: 'st2', schema: schema('int64'), rows: [] }]);
    expect(await a.statistics!('public', 'st2')).toEqual({ chunks: 0, rows: 0 });
    const bytes = await (a as unknown as { refreshBytes(): Promise<number> }).refreshBytes();
    expect(bytes).toBeGreaterThan(0);
    expect(a.stats().bytesOnDisk).toBe(bytes);
  });
  it('a write from a server that has not seen a DROP COLUMN yet adds the column back (as LMDB does for a write after the drop); nothing is lost', async () => {
    const cols = [...schema('int64'), { name: 'note', type: 'string', semantic: 'field' }] as const;
    await a.write([{ db: 'public', table: 'drop_race', schema: cols, rows: [[1, 'h', 1, 'first']] }]);
    await b.write([{ db: 'public', table: 'drop_race_other', schema: schema('int64'), rows: [[1, 'h', 1]] }]);
    await b.refreshCatalog!();
    expect(b.getTable('public', 'drop_race')!.columns.map((c) => c.name)).toContain('note');
    await a.alterTable!('public', 'drop_race', { kind: 'drop_column', name: 'note' });
    // b still has `note` in its cache (refresh every 60 s): its INSERT names a column ClickHouse no longer has.
    expect(b.getTable('public', 'drop_race')!.columns.map((c) => c.name)).toContain('note');
    const r = await b.write([
      { db: 'public', table: 'drop_race', schema: cols, rows: [[2, 'h', 2, 'second'], [3, 'h', 3, null]] },
      { db: 'public', table: 'drop_race_other', schema: schema('int64'), rows: [[2, 'h', 2]] },
    ]);
    expect(r.map((x) => x.affectedRows)).toEqual([2, 1]);
    await a.refreshCatalog!();
    const got: unknown[][] = [];
    for await (const bt of a.scan({ db: 'public', table: 'drop_race', columns: ['ts', 'n', 'note'] })) for (let i = 0; i < bt.length; i++) got.push(bt.columns.map((c) => c.values[i]));
    expect(got).toEqual([[1n, 1, null], [2n, 2, 'second'], [3n, 3, null]]);
    expect(await values(a, 'drop_race_other', 'n')).toEqual([1, 2]);
  });

  it("keeps a NaN's payload (Prometheus's staleness marker) through a write and a scan; other values of that batch as written", async () => {
    const bits = (v: unknown) => {
      const d = new DataView(new ArrayBuffer(8));
      d.setFloat64(0, v as number);
      return d.getBigUint64(0).toString(16);
    };
    const d = new DataView(new ArrayBuffer(8));
    d.setBigUint64(0, 0x7ff0000000000002n);
    const stale = d.getFloat64(0);
    const schemaN = [
      { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' }, { name: 'host', type: 'string', semantic: 'tag' },
      { name: 'v', type: 'float64', semantic: 'field' }, { name: 'note', type: 'string', semantic: 'field' }, { name: 'ok', type: 'boolean', semantic: 'field' },
    ] as const;
    const rows = [[1, "it's", stale, 'a\tb\\c\nd', true], [2, 'x', NaN, null, false], [3, 'x', 1.5, "q'", null], [4, null, Infinity, '', true]];
    const got: unknown[][] = [];
    for (const [i, opts] of [[0, { append_mode: true }], [1, {}]] as const) {
      const table = `nan${i}`;
      await a.write([{ db: 'public', table, schema: schemaN, rows, options: opts }]);
      await a.write([{ db: 'public', table, schema: schemaN, rows: [[5, 'y', 2.5, 'tsv batch', false]], options: opts }]);
      got.length = 0;
      for await (const b of a.scan({ db: 'public', table })) for (let r = 0; r < b.length; r++) got.push(b.columns.map((c) => c.values[r]));
      expect(bits(got[0]![2])).toBe('7ff0000000000002');
      expect(Number.isNaN(got[1]![2])).toBe(true);
      expect(got.map((r) => [r[0], r[1], r[3], r[4]])).toEqual([[1n, "it's", 'a\tb\\c\nd', true], [2n, 'x', null, false], [3n, 'x', "q'", null], [4n, null, '', true], [5n, 'y', 'tsv batch', false]]);
      expect(got.slice(2).map((r) => r[2])).toEqual([1.5, Infinity, 2.5]);
      // min/max pushed down: a group whose only value is the marker answers the marker, bits and all.
      const groups = await a.aggregate!({ db: 'public', table, groupBy: [{ column: 'host' }], aggregates: [{ fn: 'min', column: 'v' }, { fn: 'max', column: 'v' }, { fn: 'count' }] });
      const marker = groups!.find((g) => g[0] === "it's")!;
      expect([bits(marker[1]), bits(marker[2]), marker[3]]).toEqual(['7ff0000000000002', '7ff0000000000002', 1]);
      expect(groups!.find((g) => g[0] === 'y')!.slice(1)).toEqual([2.5, 2.5, 1]);
    }
  });
  it('a scan that asks for typed columns gets the time index as base + offsets, float64 as Float64Array (NaN bits kept) and tags as codes stable across batches', async () => {
    const d = new DataView(new ArrayBuffer(8));
    d.setBigUint64(0, 0x7ff0000000000002n);
    const stale = d.getFloat64(0);
    const cols = [...schema('float64'), { name: 'msg', type: 'string', semantic: 'field' }] as const;
    const rows = [[1000, 'a', 1.5, 'x'], [2000, 'b', null, 'y'], [3000, 'a', stale, null], [4000, null, -2, 'z'], [5000, 'b', 7, 'w']];
    await a.write([{ db: 'public', table: 'typed_scan', schema: cols, rows, options: { append_mode: true } }]);
    const plain = [];
    for await (const bt of a.scan({ db: 'public', table: 'typed_scan', batchSize: 2 })) plain.push(...bt.columns.map((c) => c.typed));
    expect(plain.every((t) => t === undefined)).toBe(true);
    const codeOf = new Map<number, unknown>();
    let seen = 0;
    for await (const bt of a.scan({ db: 'public', table: 'typed_scan', batchSize: 2, typed: true })) {
      const [ts, host, n, msg] = bt.columns;
      expect(msg!.typed).toBeUndefined();
      const tt = ts!.typed as { kind: 'time'; base: bigint; offsets: Float64Array };
      const nt = n!.typed as { kind: 'f64'; f64: Float64Array; valid: Uint8Array };
      const ht = host!.typed as { kind: 'dict'; codes: Int32Array; dict: readonly unknown[] };
      expect([tt.kind, nt.kind, ht.kind]).toEqual(['time', 'f64', 'dict']);
      for (let i = 0; i < bt.length; i++) {
        expect(tt.base + BigInt(tt.offsets[i]!)).toBe(ts!.values[i]);
        const valid = (nt.valid[i >> 3]! & (1 << (i & 7))) !== 0;
        expect(valid ? nt.f64[i] : null).toEqual(n!.values[i]);
        const code = ht.codes[i]!;
        expect(code < 0 ? null : ht.dict[code]).toBe(host!.values[i]);
        if (code >= 0) {
          expect(codeOf.get(code) ?? host!.values[i]).toBe(host!.values[i]);
          codeOf.set(code, host!.values[i]);
        }
        if (seen + i === 2) {
          const bits = new DataView(nt.f64.buffer, nt.f64.byteOffset + 8 * i, 8).getBigUint64(0, true);
          expect(bits.toString(16)).toBe('7ff0000000000002');
        }
      }
      seen += bt.length;
    }
    expect(seen).toBe(5);
    expect(codeOf.size).toBe(2);
  });
});
