import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openLmdbStore } from '@sluice/storage';
import { createQueryEngine } from '@sluice/query';

/** examples/sql/ddl.sql runs as documented: MODIFY COLUMN converts, RENAME moves, metric tables sort and share tags. */
it('examples/sql/ddl.sql', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'q-ddl-'));
  const store = await openLmdbStore({ dataHome: dir, noSync: true, ttlSweepIntervalMs: 0 });
  try {
    const sql = readFileSync(new URL('../../../examples/sql/ddl.sql', import.meta.url), 'utf8');
    const outs = await createQueryEngine(store).executeSql(sql, { db: 'public' });
    const rows = outs.flatMap((o) => (o.kind === 'affected_rows' ? [] : [o.rows.map((r) => r.map((v) => (typeof v === 'bigint' ? Number(v) : v)))]));
    expect(rows[1]).toEqual([['a', true, 0], ['b', false, 1], ['c', null, 2]]);
    expect(rows[2]).toEqual([['a', 'true', 0], ['b', 'false', 1], ['c', null, 2], ['d', 'free text', 3]]);
    expect(rows[3]).toEqual([['numbers'], ['sensor_readings']]);
    expect(rows[5]).toEqual([['h1', 0, 0.25], ['h2', 1, 0.75]]);
    expect(rows[6]!.map((r) => r[0])).toEqual(['ts', 'val', '__table_id', '__tsid', 'host', 'job']);
    expect(String(rows[7]![0]![1])).toContain('ENGINE=metric');
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
