// Sluice on the ClickHouse backend (docs/scale-out.md), side by side in one run:
//  1. ingest: the log table (lib/log-table.mjs) through /v1/ingest, JSON, 1,000 rows per request, 4 clients,
//     into (a) Sluice on LMDB, (b) one Sluice server on ClickHouse, (c) two Sluice servers on the same
//     ClickHouse (requests alternate between them) — each Sluice server is its own process, 1 core each.
//  2. the six log queries of peers.bench through Sluice-on-ClickHouse vs the same questions sent to
//     ClickHouse directly (its physical table): Sluice's overhead over the store it pushes work to. Beside
//     them, the same ClickHouse statements through a bare Node proxy (lib/bare-proxy-child.mjs): the floor
//     any Node server in front of ClickHouse pays here (two more loopback hops) before doing work of its own.
// Needs Debian's clickhouse-server (18.16; skipped with a message when absent). ROWS (default 1,000,000,
// the log table of the SQL and peers benches), RUNS timed runs per query (15) after WARMUP untimed ones (30).
import { haveClickHouse, startClickHouse } from './lib/clickhouse.mjs';
import { LOG_PIPELINE, logRow, STEP_MS, T0 } from './lib/log-table.mjs';
import { median, percentile, readyUrl } from './lib/proc.mjs';
import { report } from './lib/report.mjs';
import { startSluice } from './lib/sluice.mjs';
import { spawn } from 'node:child_process';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const BATCH = 1000;
const CLIENTS = 4;
const RUNS = Number(process.env.RUNS ?? 15);
// Before any timed run, every query is sent in turn to both sides for WARMUP_S seconds (default 20), then
// WARMUP more times each: Sluice is measured as a server in steady state, not while V8 still compiles its
// hot paths (after 30 queries of one kind its compiler threads still used ~1.2 ms of CPU per query, with
// only two cores for Sluice, ClickHouse and this client; after ~3,000 ~0.2 ms), and ClickHouse's caches
// are as warm as they get.
const WARMUP = Number(process.env.WARMUP ?? 30);
const WARMUP_S = Number(process.env.WARMUP_S ?? 20);
if (!haveClickHouse()) {
  console.log('clickhouse-server is not installed: skipping the ClickHouse backend bench');
  process.exit(0);
}

const keys = ['ts', 'host', 'level', 'status', 'latency_ms', 'message'];
const bodies = [];
for (let b = 0; b * BATCH < ROWS; b++) {
  const objs = [];
  for (let k = b * BATCH; k < Math.min(ROWS, (b + 1) * BATCH); k++) {
    const r = logRow(k);
    objs.push(Object.fromEntries(keys.map((key, j) => [key, r[j]])));
  }
  bodies.push(JSON.stringify(objs));
}

async function ingest(label, servers, table, direct) {
  let next = 0;
  const lat = [];
  const start = performance.now();
  const loop = async () => {
    while (next < bodies.length) {
      const i = next++;
      const s = servers[i % servers.length];
      const t = performance.now();
      if (direct) {
        await direct(bodies[i]);
        lat.push(performance.now() - t);
        continue;
      }
      const res = await fetch(`${s.url}/v1/ingest?table=${table}&pipeline_name=logs`, { method: 'POST', body: bodies[i], headers: { 'content-type': 'application/json' } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status} ${text.slice(0, 300)}`);
      lat.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, loop));
  const s = (performance.now() - start) / 1000;
  const r = { rowsPerS: ROWS / s, p50: percentile(lat, 50), p99: percentile(lat, 99) };
  console.log(`${label.padEnd(44)} ${Math.round(r.rowsPerS).toLocaleString('en-US').padStart(9)} rows/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms`);
  return r;
}

const norm = (v) => (typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(10)) : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);
const same = (a, b) => JSON.stringify(a.map((r) => r.map(norm))) === JSON.stringify(b.map((r) => r.map(norm)));

const rows = [];
const add = (work, unit, better, values, note) => rows.push({ work, unit, better, values, ...(note ? { note } : {}) });
let failed = false;
let bare;

/** bench/lib/bare-proxy-child.mjs in its own process, as the Sluice servers run. */
async function startBareProxy(chUrl) {
  const child = spawn(process.execPath, [new URL('./lib/bare-proxy-child.mjs', import.meta.url).pathname, chUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await readyUrl(child, 'bare proxy');
  return {
    async rows(sql) {
      const res = await fetch(url, { method: 'POST', body: sql });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`bare proxy: ${JSON.stringify(body).slice(0, 300)}`);
      return body.output[0].records.rows;
    },
    stop: () => child.kill('SIGTERM'),
  };
}

const ch = await startClickHouse();
const storage = { backend: 'clickhouse', maintenance_interval: '0s', clickhouse: { url: [ch.url.replace(/\/$/, '')], database_prefix: 'bench_', catalog_refresh: '1s' } };
const lmdb = await startSluice(0);
const onCh = await startSluice(0, storage);
const onCh2 = await startSluice(0, storage);
try {
  console.log(`ClickHouse ${await ch.version()} · Node ${process.version} · ${ROWS.toLocaleString('en-US')} rows, ${BATCH}/request, ${CLIENTS} clients\n`);
  for (const s of [lmdb, onCh]) await s.putPipeline('logs', LOG_PIPELINE);
  await new Promise((r) => setTimeout(r, 1200)); // onCh2 sees the pipeline within catalog_refresh
  const a = await ingest('Sluice on LMDB (1 server)', [lmdb], 'logs');
  const b = await ingest('Sluice on ClickHouse (1 server)', [onCh], 'logs');
  const c = await ingest('Sluice on ClickHouse (2 servers)', [onCh, onCh2], 'logs2');
  // The same batches straight into a plain MergeTree table (JSONEachRow): ClickHouse's own ingest on this box.
  await ch.exec('CREATE TABLE direct (ts Int64, host String, level String, status Int32, latency_ms Float64, message String) ENGINE = MergeTree ORDER BY (host, ts)');
  const d = await ingest('ClickHouse direct (JSONEachRow)', [{ url: '' }], 'direct', (body) => ch.exec('INSERT INTO direct FORMAT JSONEachRow', JSON.parse(body).map((o) => JSON.stringify(o)).join('\n')));
  add(`ingest ${ROWS.toLocaleString('en-US')} log rows, 1 server`, 'rows/s', 'higher', { 'sluice-lmdb': a.rowsPerS, 'sluice-clickhouse': b.rowsPerS, clickhouse: d.rowsPerS });
  add(`ingest ${ROWS.toLocaleString('en-US')} log rows, 2 servers on ClickHouse vs 1 on LMDB`, 'rows/s', 'higher', { 'sluice-lmdb': a.rowsPerS, 'sluice-clickhouse-x2': c.rowsPerS });
  add('ingest request latency p50, 1 server', 'ms', 'lower', { 'sluice-lmdb': a.p50, 'sluice-clickhouse': b.p50 });

  // Only onCh and ClickHouse take part in the queries: the other servers stop, so their background work
  // (the second server's catalog refresh every second) does not land in either side's timings.
  await onCh2.stop();
  await lmdb.stop();
  const [[physical]] = await ch.rows("SELECT name FROM system.tables WHERE database = 'bench_public' AND name LIKE 'logs\\_%' AND name NOT LIKE 'logs2%'");
  const t = `bench_public.${physical}`;
  // The ingest left hundreds of parts that ClickHouse merges in the background for a while: merged
  // first, so no background merge lands in one side's timings and not the other's.
  await ch.exec(`OPTIMIZE TABLE ${t} FINAL`);
  const from = T0 + Math.floor(ROWS / 2) * STEP_MS;
  const to = from + 600_000;
  const iso = (ms) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  const queries = [
    // The fixed cost of one request (HTTP, SQL parse and plan, output) with no ClickHouse work behind it.
    { name: 'SELECT 1 (no table)', sluice: 'SELECT 1', ch: 'SELECT 1' },
    { name: 'count(*)', sluice: 'SELECT count(*) FROM logs', ch: `SELECT count() FROM ${t}` },
    // Sluice answers a whole-table count from the active parts' row counts (storage-clickhouse's
    // count-from-parts.ts): the same count against that very statement sent directly, so the layer's own
    // overhead shows beside the user-facing ratio above.
    { name: 'count(*) vs the same system.parts statement', sluice: 'SELECT count(*) FROM logs', ch: `SELECT sum(rows) FROM system.parts WHERE active AND database = 'bench_public' AND table = '${physical}'` },
    { name: "LIKE '%timeout%' + count", sluice: "SELECT count(*) FROM logs WHERE message LIKE '%timeout%'", ch: `SELECT count() FROM ${t} WHERE position(message, 'timeout') > 0` },
    { name: 'GROUP BY host (1,000 values), count + avg', sluice: 'SELECT host, count(*), avg(latency_ms) FROM logs GROUP BY host ORDER BY host', ch: `SELECT host, count(), avg(latency_ms) FROM ${t} GROUP BY host ORDER BY host` },
    { name: 'per-minute histogram', sluice: "SELECT date_bin(INTERVAL '1 minute', ts) AS minute, count(*) FROM logs GROUP BY minute ORDER BY minute", ch: `SELECT ts - ts % toInt64(60000) AS minute, count() FROM ${t} GROUP BY minute ORDER BY minute` },
    {
      name: 'newest 100 in a time range',
      sluice: `SELECT ts, host, level, status, latency_ms, message FROM logs WHERE ts >= '${iso(from)}' AND ts < '${iso(to)}' ORDER BY ts DESC LIMIT 100`,
      ch: `SELECT ts, host, level, status, latency_ms, message FROM ${t} WHERE ts >= ${from} AND ts < ${to} ORDER BY ts DESC LIMIT 100`,
    },
    {
      name: "full-text matches 'error AND timeout'",
      sluice: "SELECT count(*) FROM logs WHERE matches(message, 'error AND timeout')",
      // 18.16's match() ignores a leading (?i) in its literal prefilter; a (?i:...) group works.
      ch: `SELECT count() FROM ${t} WHERE match(message, '(?i:\\\\berror\\\\b)') AND match(message, '(?i:\\\\btimeout\\\\b)')`,
    },
  ];
  // The floor: a bare Node proxy (bench/lib/bare-proxy-child.mjs) forwarding the same ClickHouse statement
  // — what any Node server in front of ClickHouse pays on this machine before doing any work of its own.
  bare = await startBareProxy(ch.url);
  const warmEnd = performance.now() + WARMUP_S * 1000;
  for (let k = 0; performance.now() < warmEnd; k++) {
    const q = queries[k % queries.length];
    await onCh.rows(q.sluice);
    await bare.rows(q.ch);
    await ch.rows(q.ch);
  }
  console.log(`\n${'query'.padEnd(44)} ${'sluice→ch'.padStart(10)} ${'ch direct'.padStart(10)}  ratio   bare Node proxy (floor)`);
  for (const q of queries) {
    const tm = { s: [], c: [], b: [] };
    let ans;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      let t0 = performance.now();
      const s = await onCh.rows(q.sluice);
      if (i >= WARMUP) tm.s.push(performance.now() - t0);
      t0 = performance.now();
      await bare.rows(q.ch);
      if (i >= WARMUP) tm.b.push(performance.now() - t0);
      t0 = performance.now();
      const c = await ch.rows(q.ch);
      if (i >= WARMUP) tm.c.push(performance.now() - t0);
      ans = { s, c };
    }
    const ok = same(ans.s, ans.c);
    if (!ok) {
      failed = true;
      console.log(`  MISMATCH ${q.name}: sluice ${JSON.stringify(ans.s).slice(0, 160)} … clickhouse ${JSON.stringify(ans.c).slice(0, 160)}`);
    }
    const v = { 'sluice-clickhouse': median(tm.s), clickhouse: median(tm.c), 'bare-node-proxy': median(tm.b) };
    add(`query through Sluice vs ClickHouse direct: ${q.name}`, 'ms', 'lower', v, ok ? undefined : 'answers differ');
    console.log(`${q.name.padEnd(44)} ${v['sluice-clickhouse'].toFixed(2).padStart(10)} ${v.clickhouse.toFixed(2).padStart(10)}  ${(v['sluice-clickhouse'] / v.clickhouse).toFixed(2)}x   ${v['bare-node-proxy'].toFixed(2)} ms (${(v['bare-node-proxy'] / v.clickhouse).toFixed(2)}x)${ok ? '' : ' (answers differ)'}`);
  }
} finally {
  bare?.stop();
  await onCh2.stop();
  await onCh.stop();
  await lmdb.stop();
  await ch.stop();
}
report('clickhouse-backend', { title: 'Sluice on ClickHouse 18.16 vs Sluice on LMDB (ingest) and vs ClickHouse direct (queries)', rows });
process.exit(failed ? 1 : 0);
