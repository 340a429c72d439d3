// PromQL range query latency, Sluice vs Prometheus 2.42 (Debian `prometheus`) on the same data, side by side:
// `sum by (job) (rate(x[5m]))` over 1,000 series x 1 day (one sample per 60 s per series = 1.44M samples),
// evaluated at 60 s steps over the whole day (1,441 steps), through each server's HTTP API
// (`/api/v1/query_range`). Each query runs once to warm up, then SLUICE_BENCH_RUNS times (default 5);
// medians and the Sluice/Prometheus ratio are printed, and both answers must agree (1e-9 relative).
// Also `rate(x{instance="i-7"}[5m])` (one series) and `sum(x)` (no range function) for context, and the
// metadata endpoints /api/v1/series and /api/v1/label/<name>/values over the same day.
// Target (issue 13): no slower than Prometheus.
// Run: npm run build && node --expose-gc bench/promql.bench.mjs   (needs /usr/bin/prometheus and promtool)
// Env: SLUICE_BENCH_SERIES (default 1000), SLUICE_BENCH_RUNS (default 5).
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbStore } from '@sluice/storage';
import { startServer } from '@sluice/server';

const SERIES = Number(process.env.SLUICE_BENCH_SERIES ?? 1000);
const RUNS = Number(process.env.SLUICE_BENCH_RUNS ?? 5);
const DAY_MS = 86_400_000;
const INTERVAL_MS = 60_000;
const T0 = Date.UTC(2025, 0, 1);
const JOBS = 10;

if (!existsSync('/usr/bin/prometheus') || !existsSync('/usr/bin/promtool')) {
  console.log('skipped: needs Debian prometheus (apt-get install prometheus)');
  process.exit(0);
}

const value = (s, k) => (s + 1) * k + ((s * 7919 + k * 104729) % 13); // counters, different slopes
const freePort = () => new Promise((resolve) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${ms.toFixed(1).padStart(8)} ms`;

const dir = mkdtempSync(join(tmpdir(), 'sluice-promql-bench-'));
let prom;
let sluice;
let failed = false;
try {
  // ---- the same samples into both ----
  const points = DAY_MS / INTERVAL_MS + 1;
  let start = performance.now();
  const om = createWriteStream(join(dir, 'data.om'));
  om.write('# TYPE x gauge\n');
  for (let s = 0; s < SERIES; s++) {
    let chunk = '';
    for (let k = 0; k < points; k++) chunk += `x{instance="i-${s}",job="j-${s % JOBS}"} ${value(s, k)} ${(T0 + k * INTERVAL_MS) / 1000}\n`;
    if (!om.write(chunk)) await once(om, 'drain');
  }
  om.end('# EOF\n');
  await once(om, 'finish');
  execFileSync('promtool', ['tsdb', 'create-blocks-from', 'openmetrics', join(dir, 'data.om'), join(dir, 'prom')], { stdio: 'ignore' });
  rmSync(join(dir, 'data.om'));
  console.log(`backfilled ${(SERIES * points).toLocaleString('en-US')} samples into Prometheus (promtool) in ${((performance.now() - start) / 1000).toFixed(1)} s`);

  start = performance.now();
  const home = join(dir, 'sluice');
  const store = await openLmdbStore({ dataHome: home, ttlSweepIntervalMs: 0, noSync: true });
  const schema = [
    { name: 'instance', type: 'string', semantic: 'tag' },
    { name: 'job', type: 'string', semantic: 'tag' },
    { name: 'service_value', type: 'float64', semantic: 'field' },
    { name: 'service_timestamp', type: 'timestamp_ms', semantic: 'timestamp' },
  ];
  for (let s0 = 0; s0 < SERIES; s0 += 10) {
    const rows = [];
    for (let s = s0; s < Math.min(SERIES, s0 + 10); s++) for (let k = 0; k < points; k++) rows.push([`i-${s}`, `j-${s % JOBS}`, value(s, k), T0 + k * INTERVAL_MS]);
    await store.write([{ db: 'public', table: 'x', schema, rows }]);
  }
  await store.close();
  console.log(`loaded the same samples into Sluice (store writes) in ${((performance.now() - start) / 1000).toFixed(1)} s\n`);

  // ---- both servers ----
  const promPort = await freePort();
  writeFileSync(join(dir, 'prometheus.yml'), 'global: {scrape_interval: 1m}\nscrape_configs: []\n');
  prom = spawn('prometheus', [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'prom')}`, '--storage.tsdb.retention.time=100y', `--web.listen-address=127.0.0.1:${promPort}`], { stdio: 'ignore' });
  const promUrl = `http://127.0.0.1:${promPort}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${promUrl}/-/ready`)).ok) break;
    } catch { /* starting */ }
    if (i > 300) throw new Error('Prometheus did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  sluice = await startServer({ config: { http: { addr: '127.0.0.1:0', timeout: '0s' }, storage: { data_home: home }, logging: { level: 'error' } }, logStream: { write: () => {} } });
  const sluiceUrl = `${sluice.url}/v1/metricsapi`;

  const range = { start: String(T0 / 1000), end: String((T0 + DAY_MS) / 1000), step: '60' };
  /** One API call: its wall time and its (successful) body. */
  const timed = async (url, init) => {
    const t = performance.now();
    const res = await fetch(url, init);
    const body = await res.json();
    if (body.status !== 'success') throw new Error(`${url}: ${JSON.stringify(body).slice(0, 300)}`);
    return { ms: performance.now() - t, body };
  };
  const ask = (base, query) => timed(`${base}/api/v1/query_range`, { method: 'POST', body: new URLSearchParams({ query, ...range }) });
  const same = (a, b) => {
    const key = (s) => JSON.stringify(s.metric);
    const sa = [...a.data.result].sort((x, y) => (key(x) < key(y) ? -1 : 1));
    const sb = [...b.data.result].sort((x, y) => (key(x) < key(y) ? -1 : 1));
    if (sa.length !== sb.length) return false;
    return sa.every((s, i) => key(s) === key(sb[i]) && s.values.length === sb[i].values.length && s.values.every(([t, v], j) => {
      const [t2, v2] = sb[i].values[j];
      return t === t2 && (v === v2 || Math.abs(Number(v) - Number(v2)) <= 1e-9 * Math.max(Math.abs(Number(v)), Math.abs(Number(v2))));
    }));
  };

  /** Warms both up once (checking the answers agree), then times RUNS alternating runs; prints the medians and the ratio. */
  const compare = async (label, run, agree) => {
    const p0 = await run(promUrl);
    const s0 = await run(sluiceUrl);
    if (!agree(p0.body, s0.body)) {
      failed = true;
      console.log(`MISMATCH on ${label}`);
    }
    const pt = [];
    const st = [];
    for (let r = 0; r < RUNS; r++) {
      pt.push((await run(promUrl)).ms);
      st.push((await run(sluiceUrl)).ms);
    }
    const pm = median(pt);
    const sm = median(st);
    console.log(`${label.padEnd(34)}${fmt(pm)} ${fmt(sm)}   ${(sm / pm).toFixed(2)}x`);
  };

  const queries = ['sum by (job) (rate(x[5m]))', 'rate(x{instance="i-7"}[5m])', 'sum(x)'];
  console.log(`${'query (1 day, 60 s steps)'.padEnd(34)}${'Prometheus'.padStart(11)}${'Sluice'.padStart(12)}   Sluice/Prometheus`);
  for (const q of queries) await compare(q, (base) => ask(base, q), same);
  // The metadata endpoints Grafana calls on every dashboard load (series listing, label values).
  const meta = (base, path) => timed(`${base}/api/v1/${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ start: range.start, end: range.end })}`);
  const canon = (b) => JSON.stringify(b.data.map((x) => (typeof x === 'string' ? x : JSON.stringify(Object.entries(x).sort()))).sort());
  for (const path of ['series?match[]=x', 'label/job/values']) await compare(`GET /api/v1/${path}`, (base) => meta(base, path), (a, b) => canon(a) === canon(b));
  console.log(`\n(${SERIES} series x ${points} samples; medians of ${RUNS} runs; both answers checked equal)`);
} finally {
  await sluice?.close();
  if (prom) {
    prom.kill('SIGTERM');
    await Promise.race([once(prom, 'exit'), new Promise((r) => setTimeout(r, 5000))]);
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
