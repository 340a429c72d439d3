// Runs tour.sql against an embedded store (the BUILT packages) and prints every output.
// Run: npm run build && node examples/sql/run.mjs [file.sql]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbStore } from '@sluice/storage';
import { createQueryEngine } from '@sluice/query';

const file = process.argv[2] ?? new URL('./tour.sql', import.meta.url);
const sql = readFileSync(file, 'utf8');
const dataHome = mkdtempSync(join(tmpdir(), 'sluice-sql-example-'));
const store = await openLmdbStore({ dataHome, ttlSweepIntervalMs: 0 });
const show = (v) => (v === null ? 'NULL' : typeof v === 'object' && !(v instanceof Uint8Array) ? JSON.stringify(v) : String(v));
try {
  const engine = createQueryEngine(store);
  for (const out of await engine.executeSql(sql, { db: 'public' })) {
    if (out.kind === 'affected_rows') {
      console.log(`affected rows: ${out.count}\n`);
      continue;
    }
    console.log(out.columns.map((c) => `${c.name} (${c.dataType})`).join(' | '));
    for (const row of out.rows) console.log(row.map(show).join(' | '));
    console.log(`(${out.rows.length} rows)\n`);
  }
} finally {
  await store.close();
  rmSync(dataHome, { recursive: true, force: true });
}
