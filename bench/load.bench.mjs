// Load and isolation (issue 18) on the BUILT server (`npm run build` first; `npm run bench` does).
// Starts `sluice standalone start` as a child process on a free loopback port (so the load generator
// never shares the server's event loop), then, bounded at about 60 s:
//   1. calibrate (8 s): closed-loop maximum of nginx ingest (500 lines/request) and SQL queries together;
//   2. load (25 s): open-loop at 70% of each maximum (latency counted from the scheduled send time),
//      /health every 10 ms (from a thread of its own), server RSS every second;
//   3. hostile (8 x 5 s): the same load plus one pathological request at a time, back to back (each
//      kind alone beside the load): a big self-join (timeout 3 s), repeat() over many rows (memory
//      budget), a sort of every row by a long key (timeout 3 s), a heavy PromQL range query (timeout
//      3 s), a regex processor on a 400 KB line (timeout 3 s, on a pipeline worker), the same through
//      a dispatcher pipeline, nested VRL loops (vrl_max_steps), and a 20 MB NDJSON body through the
//      identity pipeline (timeout 3 s, sliced on the main thread); /health p50/p99/max for each.
// Prints throughput, p50/p99, errors, RSS over time and /health p50/p99 per phase.
// Run: node bench/load.bench.mjs   (SLUICE_MAIN=<path to main.js> overrides the server; SLUICE_LOAD_SCALE=0.5 halves the phases)
// Where the server's main thread is blocked: SLUICE_LOAD_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"
// runs the server under V8's profiler; SLUICE_LOAD_DEBUG=1 prints each phase's start on the monotonic
// clock (`phase <name> @<us>`, the profile's own clock); `node bench/lib/busy-stretches.mjs <profile> <bench
// stderr>` then lists the stretches the main thread was busy for longer than 50 ms in each phase, with stacks.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { Worker } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRand, nginxLines, NGINX_PIPELINE } from './lib/nginx.mjs';
import { report } from './lib/report.mjs';

const MAIN = process.env.SLUICE_MAIN ?? new URL('../packages/server/dist/main.js', import.meta.url).pathname;
const SCALE = Number(process.env.SLUICE_LOAD_SCALE ?? 1);
const CALIBRATE_MS = 8_000 * SCALE;
const LOAD_MS = 25_000 * SCALE;
const HOSTILE_MS = 5_000 * SCALE;
const BATCH = 500;

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const pct = (xs, p) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (ms) => (Number.isNaN(ms) ? '   -' : `${ms.toFixed(ms < 10 ? 1 : 0)}`.padStart(5));

// Every request gives up after 60 s (a hung request is counted as an error, never hangs the bench).
const realFetch = globalThis.fetch;
const fetch = (u, init = {}) => realFetch(u, { ...init, signal: AbortSignal.timeout(60_000) });

const port = await freePort();
const home = mkdtempSync(join(tmpdir(), 'sluice-load-'));
const cfgFile = join(home, 'sluice.toml');
writeFileSync(cfgFile, `[http]\naddr = "127.0.0.1:${port}"\n[storage]\ndata_home = "${join(home, 'data')}"\n[logging]\nlevel = "error"\n[ingest]\nworkers = 1\n`);
const nodeArgs = (process.env.SLUICE_LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean);
const child = spawn(process.execPath, [...nodeArgs, MAIN, 'standalone', 'start', '-c', cfgFile], { stdio: ['ignore', 'ignore', 'inherit'] });
const url = `http://127.0.0.1:${port}`;

/** The server's resident memory (VmRSS), or with `field` another /proc status line (RssAnon: heap and stacks, without LMDB's mapped file pages). */
function rssMiB(field = 'VmRSS') {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function waitUp() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const rand = createRand();
const lines = nginxLines(40 * BATCH, rand);
const bodies = Array.from({ length: 40 }, (_, i) => lines.slice(BATCH * i, BATCH * (i + 1)).join('\n'));
// Queries read their own table, seeded once before the clock starts (QUERY_TABLE_BATCHES x 500 rows), so
// each costs the same all run long: over the ingest table they would grow slower with every request,
// and no fixed rate stays at 70% of the maximum (queries then pile up until they time out).
const QUERY_TABLE_BATCHES = 200;
const QUERIES = [
  'SELECT status, count(*) FROM nginx_q GROUP BY status ORDER BY status',
  "SELECT count(*) FROM nginx_q WHERE path = '/api/v1/users' AND status >= 400",
  'SELECT path, avg(size) FROM nginx_q GROUP BY path',
  'SELECT * FROM nginx_q ORDER BY ts DESC LIMIT 20',
];
let bodyIx = 0;
let queryIx = 0;
const ops = {
  ingest: () => fetch(`${url}/v1/ingest?table=nginx&pipeline_name=nginx`, { method: 'POST', body: bodies[bodyIx++ % bodies.length], headers: { 'content-type': 'text/plain' } }),
  query: () => fetch(`${url}/v1/sql`, { method: 'POST', body: new URLSearchParams({ sql: QUERIES[queryIx++ % QUERIES.length] }) }),
};

/** Closed loop for `ms`, `mix[op]` requests of each op in flight together: requests per second of each. */
async function maxRates(mix, ms) {
  const n = Object.fromEntries(Object.keys(mix).map((op) => [op, 0]));
  const end = performance.now() + ms;
  await Promise.all(
    Object.entries(mix).flatMap(([op, conc]) =>
      Array.from({ length: conc }, async () => {
        while (performance.now() < end) {
          const r = await ops[op]();
          await r.arrayBuffer();
          if (r.ok) n[op]++;
        }
      }),
    ),
  );
  return Object.fromEntries(Object.entries(n).map(([op, k]) => [op, (k * 1000) / ms]));
}

/** Open loop at `rate`/s until `stop()` is true; latencies from the scheduled send time. */
function openLoop(op, rate, stats) {
  const interval = 1000 / rate;
  const t0 = performance.now();
  let k = 0;
  let stopped = false;
  const inflight = new Set();
  const tick = () => {
    if (stopped) return;
    const now = performance.now();
    while (t0 + k * interval <= now) {
      const scheduled = t0 + k++ * interval;
      const ph = phaseStats(stats, currentPhase);
      const p = ops[op]()
        .then(async (r) => {
          await r.arrayBuffer();
          const ms = performance.now() - scheduled;
          stats.lat.push(ms);
          ph.lat.push(ms);
          if (r.ok) stats.ok++, ph.ok++;
          else stats.errors++, ph.errors++;
        })
        .catch(() => (stats.errors++, ph.errors++))
        .finally(() => inflight.delete(p));
      inflight.add(p);
    }
    setTimeout(tick, Math.max(1, Math.min(20, t0 + k * interval - performance.now())));
  };
  tick();
  return async () => {
    stopped = true;
    await Promise.all(inflight);
  };
}

// /health every 10 ms (about 400 probes in a 5 s phase, so p99 is not just the maximum) from a thread of its own: on the load generator's event loop a probe would also
// time the generator (parsing a 10 MB PromQL answer, scheduling the open loops), not only the server.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const lat = [];
let stopped = false;
parentPort.on('message', () => (stopped = true));
(async () => {
  while (!stopped) {
    const t = performance.now();
    try {
      const r = await fetch(workerData + '/health', { signal: AbortSignal.timeout(10_000) });
      await r.arrayBuffer();
      lat.push(performance.now() - t);
    } catch {
      lat.push(Infinity);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage(lat);
})();
`;
function healthProbe(into) {
  const w = new Worker(PROBE, { eval: true, workerData: url });
  const done = new Promise((resolve, reject) => {
    w.once('message', (lat) => {
      into.push(...lat);
      resolve();
    });
    w.once('error', reject);
  });
  return async () => {
    w.postMessage('stop');
    await done;
    await w.terminate();
  };
}

/** With SLUICE_LOAD_DEBUG, marks a phase's start on the monotonic clock V8's CPU profiles use (us). */
let currentPhase = 'start';
const phase = (name) => {
  currentPhase = name;
  if (process.env.SLUICE_LOAD_DEBUG) console.error(`phase ${name} @${process.hrtime.bigint() / 1000n}`);
};
const newStats = () => ({ lat: [], ok: 0, errors: 0, phases: new Map() });
/** The stats of the requests scheduled while phase `name` ran (each request counts in the phase it was sent in). */
const phaseStats = (stats, name) => {
  if (!stats.phases.has(name)) stats.phases.set(name, { lat: [], ok: 0, errors: 0 });
  return stats.phases.get(name);
};
const sqlReq = (sql, timeout) => fetch(`${url}/v1/sql`, { method: 'POST', headers: timeout ? { 'x-service-timeout': timeout } : {}, body: new URLSearchParams({ sql }) });
const BIG_NDJSON = Array.from({ length: 200_000 }, (_, i) => JSON.stringify({ i, level: 'info', message: `request ${i} served in ${i % 997} ms`, attrs: { a: i % 7, b: 'x' } })).join('\n');
const HOSTILE = [
  ['SQL self-join (timeout 3s)', () => sqlReq('SELECT count(*) FROM nginx a JOIN nginx b ON a.status = b.status', '3s')],
  ['SQL repeat(path, 400000) over all rows', () => sqlReq('SELECT length(repeat(path, 400000)) FROM nginx')],
  ['SQL sort of all rows by a long key (3s)', () => sqlReq("SELECT path FROM nginx ORDER BY concat(repeat(path, 20), agent) DESC", '3s')],
  ['PromQL count_over_time over 400k samples (3s)', () => fetch(`${url}/v1/metricsapi/api/v1/query_range`, { method: 'POST', headers: { 'x-service-timeout': '3s' }, body: new URLSearchParams({ query: 'sum by (host) (count_over_time(load_m[1h])) * on() group_left sum(rate(load_m[5m]))', start: '0', end: String(2000 * 15), step: '15s' }) })],
  ['pipeline regex (.*a){20} on a 400 KB line', () => fetch(`${url}/v1/ingest?table=evil&pipeline_name=evil`, { method: 'POST', headers: { 'content-type': 'text/plain', 'x-service-timeout': '3s' }, body: 'a'.repeat(400_000) })],
  ['dispatcher -> regex on a 400 KB line', () => fetch(`${url}/v1/ingest?table=routed&pipeline_name=router`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-service-timeout': '3s' }, body: JSON.stringify({ kind: 'evil', message: 'a'.repeat(400_000) }) })],
  ['VRL nested loops (vrl_max_steps)', () => fetch(`${url}/v1/ingest?table=loops&pipeline_name=loops`, { method: 'POST', headers: { 'content-type': 'text/plain', 'x-service-timeout': '3s' }, body: 'a'.repeat(5000) })],
  ['identity, 20 MB NDJSON body (3s)', () => fetch(`${url}/v1/ingest?table=big_identity&pipeline_name=service_identity`, { method: 'POST', headers: { 'content-type': 'application/x-ndjson', 'x-service-timeout': '3s' }, body: BIG_NDJSON })],
];
const EXTRA_PIPELINES = [
  ['evil', 'processors:\n  - regex:\n      fields: [message]\n      patterns: ["(?<z>(.*a){20})"]\ntransform:\n  - field: z\n    type: string\n'],
  ['router', 'dispatcher:\n  field: kind\n  rules:\n    - value: evil\n      table_suffix: _evil\n      pipeline: evil\ntransform:\n  - field: kind\n    type: string\n'],
  ['loops', 'processors:\n  - vrl:\n      source: |\n        xs = split(string!(.message), "")\n        n = 0\n        for_each(xs) -> |_i, _a| { for_each(xs) -> |_j, _b| { n = n + 1 } }\n        .n = n\n        .\ntransform:\n  - field: n\n    type: int64\n'],
];

/** 200 series x 2,000 samples (15 s apart) in a metric table, for the PromQL case. */
async function seedMetrics() {
  const ok = async (sql) => {
    const r = await sqlReq(sql);
    if (!r.ok) throw new Error(`${sql.slice(0, 80)}: ${await r.text()}`);
    await r.arrayBuffer();
  };
  await ok("CREATE TABLE load_phy (service_timestamp TIMESTAMP(3) TIME INDEX, service_value DOUBLE) ENGINE = metric WITH ('physical_metric_table' = '')");
  await ok("CREATE TABLE load_m (host STRING, service_value DOUBLE, service_timestamp TIMESTAMP(3) TIME INDEX, PRIMARY KEY (host)) ENGINE = metric WITH ('on_physical_table' = 'load_phy')");
  for (let h = 0; h < 200; h += 10) {
    const values = [];
    for (let k = h; k < h + 10; k++) for (let i = 0; i < 2000; i++) values.push(`('h${k}', ${i}, ${i * 15_000})`);
    await ok(`INSERT INTO load_m (host, service_value, service_timestamp) VALUES ${values.join(',')}`);
  }
}

try {
  await waitUp();
  for (const [name, yaml] of [['nginx', NGINX_PIPELINE], ...EXTRA_PIPELINES]) {
    const r = await fetch(`${url}/v1/pipelines/${name}`, { method: 'POST', body: yaml, headers: { 'content-type': 'application/x-yaml' } });
    const text = await r.text();
    if (!r.ok) throw new Error(`upload ${name}: ${text}`);
  }
  // Seed some rows so queries have work from the start, and the metric table for PromQL.
  for (let i = 0; i < 20; i++) await (await ops.ingest()).arrayBuffer();
  for (let i = 0; i < QUERY_TABLE_BATCHES; i++) {
    const r = await fetch(`${url}/v1/ingest?table=nginx_q&pipeline_name=nginx`, { method: 'POST', body: bodies[i % bodies.length], headers: { 'content-type': 'text/plain' } });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`seeding nginx_q: ${r.status}`);
  }
  await seedMetrics();
  // /health alone, no load: the floor of what the probe measures on this machine.
  const idle = [];
  phase('idle');
  const stopIdle = healthProbe(idle);
  await new Promise((r) => setTimeout(r, 3000 * SCALE));
  await stopIdle();

  // The maximum of the mix: ingest and queries together, closed loop (3 ingests + 1 query in flight).
  phase('calibrate');
  const { ingest: ingestMax, query: queryMax } = await maxRates({ ingest: 3, query: 1 }, CALIBRATE_MS);
  const ingestRate = 0.7 * ingestMax;
  const queryRate = 0.7 * queryMax;
  console.log(`Node ${process.version}; server: ${MAIN}; 1 pipeline worker`);
  console.log(`calibrated max: ingest ${ingestMax.toFixed(1)} req/s (${Math.round(ingestMax * BATCH).toLocaleString('en-US')} lines/s), queries ${queryMax.toFixed(1)} req/s (together, closed loop, 3 ingests + 1 query in flight)`);
  console.log(`load at 70%: ingest ${ingestRate.toFixed(1)} req/s + queries ${queryRate.toFixed(1)} req/s together, open loop`);

  const ingest = newStats();
  const query = newStats();
  const health = [];
  const rss = [];
  const anon = [];
  const rssTimer = setInterval(() => (rss.push(rssMiB()), anon.push(rssMiB('RssAnon'))), 1000);
  phase('load');
  const stopIngest = openLoop('ingest', ingestRate, ingest);
  const stopQuery = openLoop('query', queryRate, query);
  const stopHealth = healthProbe(health);
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, LOAD_MS));
  await stopHealth();
  if (process.env.SLUICE_LOAD_DEBUG) console.error(`load phase done: ${ingest.ok} ingests, ${query.ok} queries`);
  const loadSecs = (performance.now() - t0) / 1000;

  const hostile = [];
  for (const [name, send] of HOSTILE) {
    phase(name);
    const h = [];
    const stopH = healthProbe(h);
    const end = performance.now() + HOSTILE_MS;
    const statuses = new Map();
    let peak = 0;
    const peakTimer = setInterval(() => (peak = Math.max(peak, rssMiB())), 200);
    while (performance.now() < end) {
      const t = performance.now();
      let status;
      try {
        const r = await send();
        const text = await r.text();
        status = r.status;
        if (process.env.SLUICE_LOAD_DEBUG) console.error(`  ${r.status} ${Math.round(performance.now() - t)} ms ${text.slice(0, 160)}`);
      } catch (e) {
        status = 'no answer in 60s';
        if (process.env.SLUICE_LOAD_DEBUG) console.error(`  ${e.name} ${Math.round(performance.now() - t)} ms`);
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    clearInterval(peakTimer);
    await stopH();
    hostile.push({ name, h, statuses, peak });
  }
  phase('end');
  await stopIngest();
  await stopQuery();
  clearInterval(rssTimer);
  const total = (performance.now() - t0) / 1000;

  console.log(`\nphase          requests   ok   errors     p50 ms   p99 ms   (${total.toFixed(0)} s under load)`);
  for (const [label, s] of [['ingest', ingest], ['query', query]]) {
    console.log(`${label.padEnd(14)} ${String(s.lat.length).padStart(8)} ${String(s.ok).padStart(5)} ${String(s.errors).padStart(7)}     ${fmt(pct(s.lat, 50))}    ${fmt(pct(s.lat, 99))}`);
  }
  console.log('by phase (requests sent while it ran): ingest ok/errors p50/p99 ms | query ok/errors p50/p99 ms');
  for (const name of ['load', ...hostile.map((x) => x.name)]) {
    const cell = (s) => (s ? `${String(s.ok).padStart(5)}/${String(s.errors).padEnd(4)} ${fmt(pct(s.lat, 50))}/${fmt(pct(s.lat, 99))}` : '    -');
    console.log(`  ${name.padEnd(46)} ${cell(ingest.phases.get(name))} | ${cell(query.phases.get(name))}`);
  }
  console.log(`throughput: ${Math.round((ingest.ok * BATCH) / total).toLocaleString('en-US')} lines/s ingested, ${(query.ok / total).toFixed(1)} queries/s`);
  console.log(`/health idle (${idle.length} probes): p50 ${fmt(pct(idle, 50))} ms, p99 ${fmt(pct(idle, 99))} ms, max ${fmt(Math.max(...idle))} ms`);
  console.log(`/health under load (${health.length} probes, ${loadSecs.toFixed(0)} s): p50 ${fmt(pct(health, 50))} ms, p99 ${fmt(pct(health, 99))} ms, max ${fmt(Math.max(...health))} ms`);
  for (const x of hostile) {
    const st = [...x.statuses].map(([k, v]) => `${v}x${k}`).join(' ');
    console.log(`/health beside ${x.name.padEnd(46)}: p50 ${fmt(pct(x.h, 50))} ms, p99 ${fmt(pct(x.h, 99))} ms, max ${fmt(Math.max(...x.h))} ms (${x.h.length} probes; answers ${st}; peak RSS ${x.peak.toFixed(0)} MiB)`);
  }
  const rows = [
    { work: 'load: /health p99 idle', unit: 'ms', better: 'lower', values: { sluice: pct(idle, 99) } },
    { work: 'load: /health p99 under 70% load', unit: 'ms', better: 'lower', values: { sluice: pct(health, 99) } },
    ...hostile.map((x) => ({ work: `load: /health p99 beside ${x.name}`, unit: 'ms', better: 'lower', values: { sluice: pct(x.h, 99) }, note: `answers ${[...x.statuses].map(([k, v]) => `${v}x${k}`).join(' ')}, peak RSS ${x.peak.toFixed(0)} MiB` })),
    { work: 'load: ingest p99 under 70% load', unit: 'ms', better: 'lower', values: { sluice: pct(ingest.phases.get('load')?.lat ?? [], 99) } },
    { work: 'load: query p99 under 70% load', unit: 'ms', better: 'lower', values: { sluice: pct(query.phases.get('load')?.lat ?? [], 99) } },
    { work: 'load: ingest p99 over the whole run (hostile phases too)', unit: 'ms', better: 'lower', values: { sluice: pct(ingest.lat, 99) } },
    { work: 'load: query p99 over the whole run (hostile phases too)', unit: 'ms', better: 'lower', values: { sluice: pct(query.lat, 99) } },
  ];
  report('load', { title: 'Load and isolation (server in a child process)', rows });
  const every = Math.max(1, Math.floor(rss.length / 12));
  console.log(`server RSS MiB every ${every} s: ${rss.filter((_, i) => i % every === 0).map((m) => m.toFixed(0)).join(' ')}`);
  console.log(`  of which anonymous (heaps, not LMDB's mapped file): ${anon.filter((_, i) => i % every === 0).map((m) => m.toFixed(0)).join(' ')}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(home, { recursive: true, force: true });
}
