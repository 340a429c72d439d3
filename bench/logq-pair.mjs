// Two builds of @sluice/storage in one process, each on its own copy of one data home, queried in turn
// (A, B, A, B ...): paired CPU ms per query, so both see the same machine load. For before/after figures
// on a busy machine. Data homes as bench/logq-focus.mjs's LOGQ_DATA (written once by it; copy it for B).
// Run: DIST_A=<a build's packages/storage/dist> DIST_B=<another> DATA_A=<home> DATA_B=<copy> node bench/logq-pair.mjs
// Env: Q (query names, as logq-focus.mjs), SLUICE_BENCH_RUNS (21 pairs).
import { createQueryEngine } from '@sluice/query';
const RUNS = Number(process.env.SLUICE_BENCH_RUNS ?? 21);
const side = async (dist, dataHome) => {
  const { openLmdbStore } = await import(`file://${dist}/index.js`);
  const store = await openLmdbStore({ dataHome, ttlSweepIntervalMs: 0, noSync: true });
  return { store, engine: createQueryEngine(store) };
};
const a = await side(process.env.DIST_A, process.env.DATA_A);
const b = await side(process.env.DIST_B, process.env.DATA_B);
const queries = {
  like: "SELECT count(*) FROM logs WHERE message LIKE '%timeout%'",
  matches: "SELECT count(*) FROM logs WHERE matches(message, 'error AND timeout')",
  likerare: "SELECT count(*) FROM logs WHERE message LIKE '%nothere%'",
  matchrare: "SELECT count(*) FROM logs WHERE matches(message, 'nothere')",
  likeq: "SELECT count(*) FROM logs WHERE message LIKE '%upstream timeout%'",
  likerows: "SELECT ts, message FROM logs WHERE message LIKE '%timeout%' LIMIT 100",
  group: 'SELECT host, count(*), avg(latency_ms) FROM logs GROUP BY host ORDER BY host',
};
const med = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const cpu = async (s, sql) => {
  const c0 = process.cpuUsage();
  const [r] = await s.engine.executeSql(sql, { db: 'public' });
  const c = process.cpuUsage(c0);
  return { ms: (c.user + c.system) / 1000, rows: JSON.stringify(r.rows, (k, v) => (typeof v === 'bigint' ? String(v) : v)) };
};
for (const name of (process.env.Q ?? 'like,matches').split(',')) {
  const sql = queries[name];
  const xs = [], ys = [];
  for (let i = 0; i <= RUNS; i++) {
    const x = await cpu(a, sql), y = await cpu(b, sql);
    if (x.rows !== y.rows) throw new Error(`${name}: the builds disagree: ${x.rows.slice(0, 80)} vs ${y.rows.slice(0, 80)}`);
    if (i > 0) xs.push(x.ms), ys.push(y.ms);
  }
  const ratios = xs.map((x, i) => ys[i] / x);
  console.log(`${name.padEnd(10)} A ${med(xs).toFixed(1).padStart(6)} ms  B ${med(ys).toFixed(1).padStart(6)} ms  B/A median of pairs ${med(ratios).toFixed(2)}`);
}
await a.store.close();
await b.store.close();
