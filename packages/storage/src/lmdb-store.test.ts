import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatusCode } from '@sluice/pipeline-core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openLmdbStore, type LmdbStoreOptions } from './index.js';
import { runStoreCases } from './store.case.test.js';
import { collect, count, LOG_SCHEMA } from './test-support.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

runStoreCases('lmdb', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-store-'));
  dirs.push(dir);
  return openLmdbStore({ dataHome: dir, ttlSweepIntervalMs: 0 });
});

// ---- LMDB-specific behaviour: persistence, TTL sweep, concurrency, snapshots ----

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-lmdb-'));
  dirs.push(dir);
  return dir;
}

const open = (dataHome: string, o: Partial<LmdbStoreOptions> = {}) => openLmdbStore({ dataHome, ttlSweepIntervalMs: 0, ...o });
const logRows = (n: number, start = 0, host = (i: number) => `h${i % 7}`) => Array.from({ length: n }, (_, i) => [start + i, host(i), 'info', i]);

describe('LmdbStore', () => {
  it('keeps tables, options, series, rows and pipelines across a restart', async () => {
    const dir = tempDir();
    const s1 = await open(dir);
    await s1.createDatabase('obs');
    await s1.write([{ db: 'obs', table: 'logs', schema: LOG_SCHEMA, rows: logRows(20), options: { append_mode: true, ttl: 'forever' } }]);
    const p = await s1.pipelines.put('nginx', 'processors: []');
    const before = await collect(s1, { db: 'obs', table: 'logs' });
    await s1.close();
    const s2 = await open(dir);
    expect(s2.listDatabases()).toEqual(['obs', 'public']);
    expect(s2.getTable('obs', 'logs')!.options).toEqual({ append_mode: true, ttl: 'forever' });
    expect(await collect(s2, { db: 'obs', table: 'logs' })).toEqual(before);
    expect(s2.pipelines.get('nginx')).toEqual(p);
    // Counters continue: appended rows with the same time and tags are kept, new series get new ids.
    await s2.write([{ db: 'obs', table: 'logs', schema: LOG_SCHEMA, rows: [[0, 'h0', 'again', 1], [0, 'new-host', 'x', 2]] }]);
    expect(await collect(s2, { db: 'obs', table: 'logs', columns: ['host', 'level'], predicates: [{ column: 'ts', op: '=', value: 0 }] })).toEqual([
      { host: 'h0', level: 'info' },
      { host: 'h0', level: 'again' },
      { host: 'new-host', level: 'x' },
    ]);
    const p2 = await s2.pipelines.put('nginx', 'processors: [x]');
    expect(p2.version > p.version).toBe(true);
    await s2.close();
  });

  it('reloadCatalog: a second handle on the same data home (a query worker) sees tables created, altered and dropped through the first', async () => {
    const dir = tempDir();
    const writer = await open(dir);
    const reader = await open(dir);
    await writer.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: logRows(5) }]);
    expect(reader.getTable('public', 'logs')).toBeUndefined();
    reader.reloadCatalog();
    expect(await count(reader, { db: 'public', table: 'logs' })).toBe(5);
    await writer.alterTable('public', 'logs', { kind: 'add_column', column: { name: 'extra', type: 'string', semantic: 'field', nullable: true } });
    reader.reloadCatalog();
    expect(reader.getTable('public', 'logs')!.columns.map((c) => c.name)).toContain('extra');
    // Nothing changed since: the cache is kept (the same compiled table), not rebuilt.
    const before = reader.getTable('public', 'logs');
    await writer.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: logRows(3, 100) }]);
    reader.reloadCatalog();
    expect(reader.getTable('public', 'logs')).toBe(before);
    expect(await count(reader, { db: 'public', table: 'logs' })).toBe(8);
    // A write that widens the schema, table options and a new database are changes.
    await writer.write([{ db: 'public', table: 'logs', schema: [...LOG_SCHEMA, { name: 'late', type: 'int64', semantic: 'field' }], rows: [[...logRows(1)[0]!, 7]] }]);
    reader.reloadCatalog();
    expect(reader.getTable('public', 'logs')).not.toBe(before);
    expect(reader.getTable('public', 'logs')!.columns.map((c) => c.name)).toContain('late');
    await writer.alterTable('public', 'logs', { kind: 'set_options', options: { ttl: '7d' } });
    reader.reloadCatalog();
    expect(reader.getTable('public', 'logs')!.options.ttl).toMatchObject({ text: '7d' });
    await writer.createDatabase('other');
    reader.reloadCatalog();
    expect(reader.listDatabases()).toContain('other');
    await writer.dropTable('public', 'logs');
    reader.reloadCatalog();
    expect(reader.getTable('public', 'logs')).toBeUndefined();
    await reader.close();
    await writer.close();
  });

  it.each([false, true])('the TTL sweep removes expired rows for good, manual and background (append_mode %s)', async (append_mode) => {
    let now = Date.parse('2026-01-10T00:00:00Z');
    const dir = tempDir();
    const s = await open(dir, { now: () => now });
    const day = 86_400_000;
    const rows = [[now - 3 * day, 'a', 'old', 1], [now - 2 * day, 'a', 'older', 2], [now, 'a', 'new', 3]];
    await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows, options: { ttl: { text: '1d', ms: day }, append_mode } }]);
    await s.write([{ db: 'public', table: 'keep', schema: LOG_SCHEMA, rows, options: { append_mode } }]);
    expect(await count(s, { db: 'public', table: 'logs' })).toBe(1);
    expect(await s.sweepExpired()).toBe(2);
    expect(await s.sweepExpired()).toBe(0);
    await s.alterTable('public', 'logs', { kind: 'unset_options', names: ['ttl'] });
    expect((await collect(s, { db: 'public', table: 'logs' })).map((r) => r.level)).toEqual(['new']);
    expect(await count(s, { db: 'public', table: 'keep' })).toBe(3);
    await s.close();

    // Background: after the clock moves 6 days, a 7d TTL expires two rows of `keep`; the timer sweeps them.
    const bg = await open(dir, { now: () => now, ttlSweepIntervalMs: 10 });
    await bg.alterTable('public', 'keep', { kind: 'set_options', options: { ttl: { text: '7d', ms: 7 * day } } });
    expect(await count(bg, { db: 'public', table: 'keep' })).toBe(3);
    now += 6 * day;
    expect(await count(bg, { db: 'public', table: 'keep' })).toBe(1);
    // Rows are gone for good once swept: dropping the TTL does not bring them back.
    await vi.waitFor(async () => {
      await bg.alterTable('public', 'keep', { kind: 'unset_options', names: ['ttl'] });
      const n = await count(bg, { db: 'public', table: 'keep' });
      await bg.alterTable('public', 'keep', { kind: 'set_options', options: { ttl: { text: '7d', ms: 7 * day } } });
      expect(n).toBe(1);
    }, { timeout: 5000, interval: 50 });
    await bg.close();
  });

  it('concurrent writers: every row lands and every new column is added once', async () => {
    const s = await open(tempDir());
    const writes = Array.from({ length: 25 }, (_, w) =>
      s.write([{
        db: 'public',
        table: 'logs',
        schema: [...LOG_SCHEMA, { name: `extra_${w % 5}`, type: 'int64', semantic: 'field' }, { name: 'writer', type: 'string', semantic: 'tag' }],
        rows: logRows(200, w * 1000).map((r) => [...r, w, `w${w}`]),
      }]),
    );
    await Promise.all(writes);
    expect(await count(s, { db: 'public', table: 'logs' })).toBe(25 * 200);
    const cols = s.getTable('public', 'logs')!.columns.map((c) => c.name);
    expect(cols.slice(0, 4)).toEqual(['ts', 'host', 'level', 'latency']);
    expect(cols.slice(4).sort()).toEqual(['extra_0', 'extra_1', 'extra_2', 'extra_3', 'extra_4', 'writer']);
    const perWriter = await collect(s, { db: 'public', table: 'logs', columns: ['extra_3'], predicates: [{ column: 'writer', op: '=', value: 'w13' }] });
    expect(perWriter).toHaveLength(200);
    expect(perWriter.every((r) => r.extra_3 === 13)).toBe(true);
    await s.close();
  });

  it('concurrent writers adding the same column with different types: one wins, the other gets a conflict', async () => {
    const s = await open(tempDir());
    await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: logRows(1) }]);
    const asInt = s.write([{ db: 'public', table: 'logs', schema: [LOG_SCHEMA[0]!, { name: 'x', type: 'int64', semantic: 'field' }], rows: [[10, 1]] }]);
    const asStr = s.write([{ db: 'public', table: 'logs', schema: [LOG_SCHEMA[0]!, { name: 'x', type: 'string', semantic: 'field' }], rows: [[11, 'one']] }]);
    const [a, b] = await Promise.allSettled([asInt, asStr]);
    expect(a.status).toBe('fulfilled');
    expect(b).toMatchObject({ status: 'rejected', reason: { name: 'SchemaConflictError', column: 'x', expected: 'Int64', actual: 'String' } });
    expect(await count(s, { db: 'public', table: 'logs' })).toBe(2);
    await s.close();
  });

  it('a scan reads one snapshot: a batch committed during the scan is not half-seen', async () => {
    const s = await open(tempDir());
    await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: logRows(1000) }]);
    let seen = 0;
    let wrote = false;
    for await (const b of s.scan({ db: 'public', table: 'logs', batchSize: 100 })) {
      seen += b.length;
      if (!wrote) {
        await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: logRows(1000, 500_000) }]);
        wrote = true;
      }
    }
    expect(seen).toBe(1000);
    expect(await count(s, { db: 'public', table: 'logs' })).toBe(2000);
    await s.close();
  });

  it('readers polling during writes only ever see whole batches', async () => {
    const s = await open(tempDir());
    await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: logRows(1) }]);
    const counts: number[] = [];
    let done = false;
    const reader = (async () => {
      while (!done) {
        counts.push(await count(s, { db: 'public', table: 'logs' }));
        await new Promise((r) => setImmediate(r));
      }
    })();
    for (let b = 0; b < 30; b++) await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: logRows(500, 10_000 + b * 500) }]);
    done = true;
    await reader;
    expect(counts.length).toBeGreaterThan(0);
    for (const c of counts) expect((c - 1) % 500).toBe(0);
    await s.close();
  });

  it('compaction merges small chunks without changing what scans return', async () => {
    const s = await open(tempDir());
    const w = (rows: unknown[][]) => s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: rows as never, options: { append_mode: true } }]);
    for (let i = 0; i < 150; i++) {
      await w([[i * 2, `h${i % 3}`, 'a', i]]);
      await w([[300 - i * 2 - 1, `h${i % 4}`, null, -i]]);
      if (i === 75) await w(logRows(400, 100));
    }
    await w([[200_000, 'late', 'z', 0]]);
    const views = [
      { db: 'public', table: 'logs' },
      { db: 'public', table: 'logs', descending: true },
      { db: 'public', table: 'logs', predicates: [{ column: 'host', op: '=' as const, value: 'h1' }], timeRange: { startNs: 50_000_000n, endNs: 250_000_000n } },
    ];
    const before = await Promise.all(views.map((v) => collect(s, v)));
    expect(before[0]).toHaveLength(701);
    // A descending scan running while compaction rewrites the chunks still reads its own snapshot.
    const during: unknown[] = [];
    let merged = 0;
    for await (const b of s.scan({ db: 'public', table: 'logs', descending: true, batchSize: 50, columns: ['ts', 'host', 'latency'] })) {
      if (merged === 0) merged = await s.compact();
      for (let i = 0; i < b.length; i++) during.push({ ts: b.columns[0]!.values[i], host: b.columns[1]!.values[i], latency: b.columns[2]!.values[i] });
    }
    expect(during).toEqual(before[1]!.map((r) => ({ ts: r.ts, host: r.host, latency: r.latency })));
    expect(merged).toBeGreaterThan(250);
    expect(await Promise.all(views.map((v) => collect(s, v)))).toEqual(before);
    expect(await s.compact()).toBe(0);
    await s.close();
  });

  it('skip_wal tables are written and read like any other; the option is kept', async () => {
    const s = await open(tempDir());
    await s.write([{ db: 'public', table: 'fast', schema: LOG_SCHEMA, rows: logRows(100), options: { skip_wal: true } }]);
    expect(s.getTable('public', 'fast')!.options.skip_wal).toBe(true);
    expect(await count(s, { db: 'public', table: 'fast' })).toBe(100);
    await s.close();
  });

  it('reports stats and refuses work once closed', async () => {
    const s = await open(tempDir());
    await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: logRows(100) }]);
    const st = s.stats();
    expect(st.tables).toBe(1);
    expect(st.bytesOnDisk).toBeGreaterThan(4096);
    await s.close();
    await expect(s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: logRows(1) }])).rejects.toMatchObject({ name: 'StorageError', code: StatusCode.StorageUnavailable });
    expect(() => s.scan({ db: 'public', table: 'logs' })).toThrow(/closed/);
  });

  it('refuses input that would overflow the stack or an LMDB key with a 400-class error, not a storage failure', async () => {
    const s = await open(tempDir());
    const schema = [
      { name: 'ts', type: 'timestamp_ms' as const, semantic: 'timestamp' as const },
      { name: 'doc', type: 'json' as const, semantic: 'field' as const },
    ];
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = { a: deep };
    await expect(s.write([{ db: 'public', table: 'j', schema, rows: [[1, deep]] }])).rejects.toMatchObject({
      code: StatusCode.InvalidArguments,
      message: expect.stringMatching(/column 'doc': the JSON value nests deeper than 512 levels/),
    });
    let ok: unknown = 1;
    for (let i = 0; i < 100; i++) ok = [ok];
    await s.write([{ db: 'public', table: 'j', schema, rows: [[2, ok]] }]);
    const name = 'p'.repeat(3000);
    await expect(s.pipelines.put(name, 'processors: []')).rejects.toMatchObject({ code: StatusCode.InvalidArguments, message: expect.stringMatching(/expected 1 to 1024 bytes/) });
    expect(() => s.pipelines.get(name)).toThrow(/expected 1 to 1024 bytes/);
    expect(s.pipelines.get('p', 'v'.repeat(3000))).toBeUndefined();
    await s.close();
  });

  it('rejects a missing dataHome with a typed error', async () => {
    await expect(openLmdbStore({ dataHome: '' })).rejects.toMatchObject({ code: StatusCode.InvalidArguments });
  });
});
