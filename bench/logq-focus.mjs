// The issue-10 log queries in process (no HTTP, no peer): CPU ms and wall ms per query, median of RUNS,
// on the 1M-row log table (bench/lib/log-table.mjs) written 1,000 rows per write, as the peers bench does.
// For before/after figures side by side: keep a data home per build and alternate the two builds.
// Run: npm run build -w @sluice/storage -w @sluice/query && node bench/logq-focus.mjs
// Env: SLUICE_BENCH_ROWS (1000000), SLUICE_BENCH_RUNS (9), Q (comma-separated query names, `none` only
//      writes), LOGQ_DATA (a data home kept between runs: written once, then only queried),
//      STORAGE_DIST (another build's packages/storage/dist to use instead, e.g. main's), GC (1: a full
//      GC before each run, outside the clock), PROF (file: a CPU profile of the queries).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQueryEngine } from '@sluice/query';
import { LOG_SCHEMA, logRow, STEP_MS, T0 } from './lib/log-table.mjs';
const { openLmdbStore } = await import(process.env.STORAGE_DIST ? `file://${process.env.STORAGE_DIST}/index.js` : '@sluice/storage');
const ROWS = Number(process.env.SLUICE_BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.SLUICE_BENCH_RUNS ?? 9);
const keep = process.env.LOGQ_DATA;
const dataHome = keep ?? mkdtempSync(join(tmpdir(), 'logq-'));
const loaded = keep && existsSync(join(keep, 'loaded'));
const store = await openLmdbStore({ dataHome, ttlSweepIntervalMs: 0, noSync: true });
const load0 = process.cpuUsage();
const loadT0 = performance.now();
for (let b = 0; !loaded && b * 1000 < ROWS; b++) {
  const rows = [];
  for (let k = b * 1000; k < Math.min(ROWS, (b + 1) * 1000); k++) rows.push(logRow(k));
  await store.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows, options: { append_mode: true } }]);
}
if (!loaded) { const c = process.cpuUsage(load0); console.log(`load      cpu ${((c.user + c.system) / 1000).toFixed(0)} ms  wall ${(performance.now() - loadT0).toFixed(0)} ms  (${ROWS} rows, 1,000 per write)`); }
const engine = createQueryEngine(store);
if (process.env.PROF) { const { Session } = await import('node:inspector/promises'); globalThis.sess = new Session(); sess.connect(); await sess.post('Profiler.enable'); await sess.post('Profiler.start'); }
const iso = (ms) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
const from = iso(T0 + Math.floor(ROWS * 0.4) * STEP_MS), to = iso(T0 + Math.floor(ROWS * 0.6) * STEP_MS);
const qs = (process.env.Q ? process.env.Q.split(',') : null);
const queries = [
  ['one', 'SELECT 1'],
  ['count', 'SELECT count(*) FROM logs'],
  ['like', "SELECT count(*) FROM logs WHERE message LIKE '%timeout%'"],
  ['group', 'SELECT host, count(*), avg(latency_ms) FROM logs GROUP BY host ORDER BY host'],
  ['hist', "SELECT date_bin(INTERVAL '1 minute', ts) AS minute, count(*) FROM logs GROUP BY minute ORDER BY minute"],
  ['newest', `SELECT ts, host, level, status, latency_ms, message FROM logs WHERE ts >= '${from}' AND ts < '${to}' ORDER BY ts DESC LIMIT 100`],
  ['matches', "SELECT count(*) FROM logs WHERE matches(message, 'error AND timeout')"],
  ['likerare', "SELECT count(*) FROM logs WHERE message LIKE '%nothere%'"],
  ['likeq', "SELECT count(*) FROM logs WHERE message LIKE '%upstream timeout%'"],
  ['matchrare', "SELECT count(*) FROM logs WHERE matches(message, 'nothere')"],
];
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [name, sql] of queries) {
  if (qs && !qs.includes(name)) continue;
  const cpu = [], wall = [];
  let ans;
  for (let i = 0; i <= RUNS; i++) {
    if (process.env.GC) globalThis.gc?.();
    const c0 = process.cpuUsage(), t0 = performance.now();
    const [r] = await engine.executeSql(sql, { db: "public" });
    const w = performance.now() - t0, c = process.cpuUsage(c0);
    if (i > 0) { cpu.push((c.user + c.system) / 1000); wall.push(w); }
    ans = r;
  }
  const rows = ans.rows;
  console.log(`${name.padEnd(10)} cpu ${med(cpu).toFixed(1).padStart(7)} ms  wall ${med(wall).toFixed(1).padStart(7)} ms  ${JSON.stringify(rows, (k, v) => typeof v === "bigint" ? String(v) : v).slice(0, 60)}`);
}
if (globalThis.sess) { const { profile } = await sess.post('Profiler.stop'); (await import('node:fs')).writeFileSync(process.env.PROF, JSON.stringify(profile)); }
await store.close();
if (keep) writeFileSync(join(keep, 'loaded'), '');
else rmSync(dataHome, { recursive: true, force: true });
