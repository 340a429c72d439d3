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

/** Behaviour beyond the shared contract: Sluice's own TTL expiry, a second server's catalog. */
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
});
