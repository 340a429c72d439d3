import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLmdbStore, type LmdbStore } from '@sluice/storage';
import { createQueryEngine } from '@sluice/query';
import { loadSeries, parseScript, runEval } from './promql-script.js';

/**
 * Prometheus's own PromQL test scripts (v2.42.0 promql/testdata, Apache-2.0) run through the real
 * store and engine. `known-failures.json` lists the evals that do not pass yet, each with a reason;
 * an eval failing that is not listed is a regression. PROMQL_TESTDATA_UPDATE=1 rewrites the list.
 */
const DIR = join(import.meta.dirname, 'promql-testdata');
const BASELINE = join(DIR, 'known-failures.json');
const known: Record<string, string> = JSON.parse(readFileSync(BASELINE, 'utf8')) as Record<string, string>;
const files = readdirSync(DIR).filter((f) => f.endsWith('.test')).sort();

let home: string;
let store: LmdbStore;
const results: Record<string, string | undefined> = {};

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'sluice-promql-'));
  store = await openLmdbStore({ dataHome: home, noSync: true, ttlSweepIntervalMs: 0 });
});
afterAll(async () => {
  await store.close();
  rmSync(home, { recursive: true, force: true });
  const total = Object.keys(results).length;
  const failed = Object.entries(results).filter(([, r]) => r !== undefined);
  console.log(`PromQL testdata: ${total - failed.length}/${total} evals pass`);
  if (process.env.PROMQL_TESTDATA_UPDATE) {
    const out: Record<string, string> = {};
    for (const [k, r] of failed) out[k] = known[k] ?? r!;
    writeFileSync(BASELINE, `${JSON.stringify(out, null, 2)}\n`);
  }
});

describe.each(files)('%s', (file) => {
  it('passes every eval not listed in known-failures.json', async () => {
    const db = file.replace(/\W/g, '_');
    await store.createDatabase(db, { ifNotExists: true });
    const engine = createQueryEngine(store);
    const regressions: string[] = [];
    for (const cmd of parseScript(readFileSync(join(DIR, file), 'utf8'))) {
      if (cmd.kind === 'clear') {
        for (const t of store.listTables(db)) await store.dropTable(db, t.name);
      } else if (cmd.kind === 'load') {
        await loadSeries(store, db, cmd.series);
      } else {
        const id = `${file}:${cmd.line}: ${cmd.expr}`;
        const r = await runEval(engine, db, cmd);
        results[id] = r;
        if (r !== undefined && !(id in known) && !process.env.PROMQL_TESTDATA_UPDATE) regressions.push(`${id} -> ${r}`);
      }
    }
    expect(regressions).toEqual([]);
  });
});
