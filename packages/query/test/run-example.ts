import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbStore } from '@sluice/storage';
import { createQueryEngine } from '@sluice/query';

/**
 * Runs `examples/sql/<name>.sql` on a fresh store and gives the rows of each statement that returns
 * rows, in order, with each value passed through `cell` (bigints as numbers by default).
 */
export async function runSqlExample(name: string, cell: (v: unknown) => unknown = (v) => (typeof v === 'bigint' ? Number(v) : v)): Promise<unknown[][][]> {
  const dir = mkdtempSync(join(tmpdir(), `q-example-${name}-`));
  const store = await openLmdbStore({ dataHome: dir, noSync: true, ttlSweepIntervalMs: 0 });
  try {
    const sql = readFileSync(new URL(`../../../examples/sql/${name}.sql`, import.meta.url), 'utf8');
    const outs = await createQueryEngine(store).executeSql(sql, { db: 'public' });
    return outs.flatMap((o) => (o.kind === 'affected_rows' ? [] : [o.rows.map((r) => r.map(cell))]));
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
