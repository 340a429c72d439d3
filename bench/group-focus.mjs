// GROUP BY host over the log table, as store.aggregate requests (no SQL layer): CPU ms per call, median.
// Reads the data home bench/logq-focus.mjs writes (LOGQ_DATA); for before/after, run it once per build and
// alternate: STORAGE_DIST=<a build's packages/storage/dist> LOGQ_DATA=<dir> node bench/group-focus.mjs
// Env: RUNS (20 timed calls after 5 untimed), ONLY (one of both, count, avg). The minimum is printed too: on a
// busy machine other processes only add to a call's CPU time.
const { openLmdbStore } = await import(process.env.STORAGE_DIST ? `file://${process.env.STORAGE_DIST}/index.js` : '@sluice/storage');
if (!process.env.LOGQ_DATA) throw new Error('LOGQ_DATA: the data home of a bench/logq-focus.mjs run');
const RUNS = Number(process.env.RUNS ?? 20);
const store = await openLmdbStore({ dataHome: process.env.LOGQ_DATA, ttlSweepIntervalMs: 0, noSync: true });
const host = [{ column: 'host' }];
const reqs = {
  both: [{ fn: 'count' }, { fn: 'avg', column: 'latency_ms' }],
  count: [{ fn: 'count' }],
  avg: [{ fn: 'avg', column: 'latency_ms' }],
};
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [name, aggregates] of Object.entries(reqs)) {
  if (process.env.ONLY && process.env.ONLY !== name) continue;
  const cpu = [];
  let r;
  for (let i = 0; i < RUNS + 5; i++) {
    const c0 = process.cpuUsage();
    r = await store.aggregate({ db: 'public', table: 'logs', aggregates, groupBy: host });
    const c = process.cpuUsage(c0);
    if (i >= 5) cpu.push((c.user + c.system) / 1000);
  }
  console.log(`${name.padEnd(6)} cpu ${med(cpu).toFixed(1).padStart(6)} ms (min ${Math.min(...cpu).toFixed(1).padStart(5)})  ${r.length} groups  ${JSON.stringify(r[1])}`);
}
await store.close();
