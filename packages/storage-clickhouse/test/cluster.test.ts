import type { Value } from '@sluice/pipeline-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalClickHouse } from '../src/index.js';
import { count, ingest, SCHEMA, startTwoStores, havePeers, type TwoStores } from './helpers/two-stores.js';

async function localRows(node: LocalClickHouse, like: string): Promise<number> {
  const q = `SELECT sum(rows) FROM system.parts WHERE active AND database = 'k_public' AND table LIKE '${like}%_local'`;
  return Number((await (await fetch(`${node.url}/?query=${encodeURIComponent(q)}`)).text()).trim() || 0);
}

/**
 * Two ClickHouse nodes as two shards of the cluster `sluice` (Distributed tables over node-local
 * MergeTree; no ZooKeeper, so DDL is sent to each node) and two stores standing for two Sluice servers.
 */
describe.skipIf(!havePeers('shards'))('a two-shard ClickHouse cluster behind two stores', () => {
  let env: TwoStores;
  beforeAll(async () => {
    env = await startTwoStores('shards', 'k_');
  }, 90_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('both ingest concurrently into one table (created by whichever comes first); each sees every row exactly once', async () => {
    const { a, b, nodes } = env;
    const batches = 12;
    const rows = 250;
    await Promise.all([ingest(a, 'a', 'logs', { append_mode: true }, batches, rows), ingest(b, 'b', 'logs', { append_mode: true }, batches, rows), ingest(a, 'a', 'metrics', {}, batches, rows), ingest(b, 'b', 'metrics', {}, batches, rows)]);
    const total = 2 * batches * rows;
    expect(await count(a, 'logs')).toBe(total);
    expect(await count(b, 'logs')).toBe(total);
    // last_row table: every (host, ts) is distinct, so nothing merges away.
    expect(await count(a, 'metrics')).toBe(total);
    expect(await count(b, 'metrics')).toBe(total);
    // Rows are spread over both shards.
    const [l0, l1] = await Promise.all(nodes.map((n) => localRows(n, 'logs')));
    expect(l0! + l1!).toBe(total);
    expect(l0).toBeGreaterThan(0);
    expect(l1).toBeGreaterThan(0);
    // Aggregates run on the cluster too (pushed down through the Distributed table).
    const agg = await a.aggregate!({ db: 'public', table: 'logs', aggregates: [{ fn: 'count' }, { fn: 'max', column: 'n' }] });
    expect(agg).toEqual([[total, batches * rows - 1]]);
  });

  it('a new column added by one store is used by the other; rewrites of a last_row key merge across shards', async () => {
    const { a, b } = env;
    await a.write([{ db: 'public', table: 'metrics', schema: [...SCHEMA, { name: 'zone', type: 'string', semantic: 'field' }], rows: [[1_700_000_000_000, 'a-h0', 'again', -1, 'z1']] }]);
    await b.write([{ db: 'public', table: 'metrics', schema: [...SCHEMA, { name: 'zone', type: 'string', semantic: 'field' }], rows: [[1_700_000_000_001, 'b-h1', 'again', -2, 'z2']] }]);
    const got: Record<string, Value>[] = [];
    for await (const bt of b.scan({ db: 'public', table: 'metrics', predicates: [{ column: 'msg', op: '=', value: 'again' }] })) {
      for (let i = 0; i < bt.length; i++) got.push(Object.fromEntries(bt.columns.map((c) => [c.name, c.values[i]!])));
    }
    expect(got.map((r) => [r.host, r.n, r.zone])).toEqual([['a-h0', -1, 'z1'], ['b-h1', -2, 'z2']]);
    expect(await count(a, 'metrics')).toBe(2 * 12 * 250);
  });
});
