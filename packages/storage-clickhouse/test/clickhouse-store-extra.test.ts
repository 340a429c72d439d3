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

  it('anyOrder: the same groups as the first-met order, without ordering them in ClickHouse', async () => {
    await a.write([{ db: 'public', table: 'grp', schema: schema('float64'), rows: [[3, 'c', 1], [1, 'b', 2], [2, 'a', 3], [4, 'b', 4]] }]);
    const req = { db: 'public', table: 'grp', groupBy: [{ column: 'host' }], aggregates: [{ fn: 'count' as const }, { fn: 'sum' as const, column: 'n' }] };
    const ordered = await a.aggregate!(req);
    expect(ordered).toEqual([['b', 2, 6], ['a', 1, 3], ['c', 1, 1]]);
    const any = await a.aggregate!({ ...req, anyOrder: true });
    expect([...any!].sort((x, y) => String(x[0]).localeCompare(String(y[0])))).toEqual([['a', 1, 3], ['b', 2, 6], ['c', 1, 1]]);
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
    }
  });
});
