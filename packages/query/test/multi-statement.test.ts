import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLmdbStore, type Store } from '@sluice/storage';
import { createQueryEngine, type QueryEngine } from '@sluice/query';

/**
 * A request with several statements behaves as GreptimeDB's: the whole text is parsed first (a syntax
 * error anywhere runs nothing), then statements run in order; a failing statement stops the request and
 * the writes of the statements before it stay in place (there is no request-wide transaction).
 */
describe('multi-statement failure semantics', () => {
  let home: string;
  let store: Store;
  let engine: QueryEngine;
  const count = async () => (await engine.executeSql('SELECT count(*) FROM t', { db: 'public' }))[0]!;
  beforeEach(async () => {
    home = mkdtempSync(join(tmpdir(), 'sluice-multi-'));
    store = await openLmdbStore({ dataHome: home, noSync: true, ttlSweepIntervalMs: 0 });
    engine = createQueryEngine(store);
    await engine.executeSql('CREATE TABLE t (ts TIMESTAMP TIME INDEX, v INT)', { db: 'public' });
  });
  afterEach(async () => {
    await store.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('keeps the writes of the statements before a failing one', async () => {
    await expect(engine.executeSql("INSERT INTO t VALUES (1, 1); INSERT INTO t VALUES (2, 'x'); INSERT INTO t VALUES (3, 3)", { db: 'public' })).rejects.toHaveProperty('code');
    expect(await count()).toMatchObject({ rows: [[1]] });
  });

  it('runs nothing when any statement does not parse', async () => {
    await expect(engine.executeSql('INSERT INTO t VALUES (1, 1); INSERT INTO t VALUE (2, 2)', { db: 'public' })).rejects.toMatchObject({ code: 2000 });
    expect(await count()).toMatchObject({ rows: [[0]] });
  });
});
