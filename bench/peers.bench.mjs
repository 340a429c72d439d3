// Sluice beside real peers in one run, same rows, same HTTP client (node:http with keep-alive,
// bench/lib/http-post.mjs; SLUICE_BENCH_CLIENT=fetch for Node's fetch, as runs before 2026-11-29 used), answers checked equal:
//  1. log ingest: 1M generated nginx access-log lines, 1,000 per request, 4 clients. Sluice gets the raw
//     text through the nginx pipeline (dissect + date + transform); ClickHouse 18.16 gets the same lines
//     already parsed, as JSONEachRow. Sluice runs twice: pipelineWorkers 0 (one core) and 2. Figures:
//     rows/s, the server's CPU seconds per 1M rows (every thread, from /proc), request latency p50/p99,
//     the server's peak RSS (VmHWM) and bytes on disk per row.
//  2. the six log queries on a 1M-row log table (bench/lib/log-table.mjs), loaded into Sluice over HTTP
//     (a JSON pipeline), into ClickHouse (JSONEachRow) and into DuckDB in-process: median of RUNS runs.
// Each server runs in its own process (ClickHouse from /usr/sbin, Sluice from packages/server/dist).
// Run: npm run build && node bench/peers.bench.mjs
// Env: SLUICE_BENCH_LINES (default 1000000), SLUICE_BENCH_ROWS (default 1000000), SLUICE_BENCH_RUNS (5),
//   SLUICE_BENCH_WARMUP_S (20: seconds of untimed queries on every side before the timed runs),
//      SLUICE_BENCH_WORKERS (the multi-core run's pipelineWorkers, default 2). SLUICE_BENCH_LINES=0 skips
//      the ingest part (only the query table and its six queries), SLUICE_BENCH_ROWS=0 the query part.
import { DuckDBInstance } from '@duckdb/node-api';
import { appendLogRow, DUCK_LOG_TABLE_DDL } from './lib/duck-log-table.mjs';
import { haveClickHouse, startClickHouse } from './lib/clickhouse.mjs';
import { LOG_PIPELINE, logRow, STEP_MS, T0 } from './lib/log-table.mjs';
import { createRand, nginxLines, NGINX_PIPELINE } from './lib/nginx.mjs';
import { cpuSecondsOf, median, percentile } from './lib/proc.mjs';
import { httpPoster } from './lib/http-post.mjs';
import { report } from './lib/report.mjs';
import { startSluice } from './lib/sluice.mjs';

const LINES = Number(process.env.SLUICE_BENCH_LINES ?? 1_000_000);
const ROWS = Number(process.env.SLUICE_BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.SLUICE_BENCH_RUNS ?? 5);
const WARMUP_S = Number(process.env.SLUICE_BENCH_WARMUP_S ?? 20);
const MULTI = Number(process.env.SLUICE_BENCH_WORKERS ?? 2);
const BATCH = 1_000;
const CLIENTS = 4;

if (!haveClickHouse()) {
  console.log('ClickHouse is not installed (apt-get install -y clickhouse-server); skipping the peer comparison');
  process.exit(0);
}

const rows = [];
const add = (work, unit, better, values, note) => rows.push({ work, unit, better, values, ...(note ? { note } : {}) });
const mb = (b) => Math.round(b / 1048576);
let failed = false;

// ---------- data, made before any clock starts ----------
const lines = nginxLines(LINES, createRand());
const NGINX_RE = /^(\S+) - (\S+) \[(\d\d)\/(\w\w\w)\/(\d{4}):(\d\d:\d\d:\d\d) \+0000\] "(\S+) (\S+) (\S+)" (\d+) (\d+) "([^"]*)" "([^"]*)"$/;
const MONTHS = { Jan: '01', Feb: '02', Mar: '03', Apr: '04', May: '05', Jun: '06', Jul: '07', Aug: '08', Sep: '09', Oct: '10', Nov: '11', Dec: '12' };
const textBodies = [];
const chBodies = [];
for (let i = 0; i < LINES; i += BATCH) {
  const chunk = lines.slice(i, i + BATCH);
  textBodies.push(chunk.join('\n'));
  chBodies.push(
    chunk
      .map((l) => {
        const m = NGINX_RE.exec(l);
        const ts = `${m[5]}-${MONTHS[m[4]]}-${m[3]} ${m[6]}`;
        return JSON.stringify({ ts, ip: m[1], method: m[7], path: m[8], status: Number(m[10]), size: Number(m[11]), referrer: m[12], agent: m[13] });
      })
      .join('\n') + '\n',
  );
}
lines.length = 0;

/**
 * POSTs every body with CLIENTS concurrent loops; returns rows/s, request latency percentiles and the
 * server's CPU seconds per 1M rows (process `pid`, every thread: steadier than rows/s on a busy machine).
 */
async function ingest(label, bodies, send, pid) {
  let next = 0;
  const lat = [];
  const cpu0 = cpuSecondsOf(pid);
  const start = performance.now();
  const loop = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      const t = performance.now();
      await send(body);
      lat.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, loop));
  const s = (performance.now() - start) / 1000;
  const r = { rowsPerS: LINES / s, p50: percentile(lat, 50), p99: percentile(lat, 99), cpuPerM: ((cpuSecondsOf(pid) - cpu0) * 1e6) / LINES };
  console.log(
    `${label.padEnd(36)} ${Math.round(r.rowsPerS).toLocaleString('en-US').padStart(9)} rows/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  (${s.toFixed(2)} s, server ${r.cpuPerM.toFixed(2)} CPU-s per 1M rows)`,
  );
  return r;
}

const post = httpPoster(CLIENTS);
const sluiceSend = (s, query, contentType) => async (body) => {
  const [status, text] = await post(`${s.url}/v1/ingest?${query}`, body, contentType);
  if (status !== 200) throw new Error(`Sluice ingest: HTTP ${status} ${text.slice(0, 300)}`);
};
/** ClickHouse's INSERT of `body` (rows in `format`) through the same client as Sluice's ingest. */
const chSend = (table, format) => async (body) => {
  const [status, text] = await post(ch.insertUrl(`INSERT INTO ${table} FORMAT ${format}`), body, 'application/octet-stream');
  if (status !== 200) throw new Error(`ClickHouse insert: HTTP ${status} ${text.slice(0, 300)}`);
};

/** Normalises an answer for comparison: timestamps as epoch ms, numbers rounded to 10 digits. */
function norm(v) {
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'number' && !Number.isInteger(v)) return Number(v.toPrecision(10));
  return v;
}
const normRows = (rs) => rs.map((r) => r.map(norm));
function sameAnswer(what, a, b, names) {
  const x = JSON.stringify(normRows(a));
  const y = JSON.stringify(normRows(b));
  if (x === y) return true;
  failed = true;
  console.log(`  MISMATCH ${what}: ${names[0]} ${x.slice(0, 200)} … ${names[1]} ${y.slice(0, 200)}`);
  return false;
}

const ch = await startClickHouse();
const sluice1 = await startSluice(0);
let sluiceN;
try {
  console.log(`ClickHouse ${await ch.version()} · Node ${process.version} · ${LINES.toLocaleString('en-US')} lines, ${BATCH}/request, ${CLIENTS} clients\n`);

  // ---------- 1. ingest ----------
  if (LINES > 0) {
    await ch.exec(
      'CREATE TABLE nginx (ts DateTime, ip String, method String, path String, status UInt16, size UInt64, referrer String, agent String) ENGINE = MergeTree() PARTITION BY toYYYYMMDD(ts) ORDER BY ts',
    );
    const chIngest = await ingest('ClickHouse, JSONEachRow', chBodies, chSend('nginx', 'JSONEachRow'), ch.pid);
    const chRss = ch.peakRss();
    const chBytes = await ch.bytesOnDisk('nginx');

    await sluice1.putPipeline('nginx', NGINX_PIPELINE);
    const disk0 = sluice1.diskBytes();
    const s1 = await ingest('Sluice, nginx pipeline, 1 core', textBodies, sluiceSend(sluice1, 'table=nginx&pipeline_name=nginx', 'text/plain'), sluice1.pid);
    const s1Rss = sluice1.peakRss();
    const s1Bytes = sluice1.diskBytes() - disk0;

    sluiceN = await startSluice(MULTI);
    await sluiceN.putPipeline('nginx', NGINX_PIPELINE);
    const sN = await ingest(`Sluice, nginx pipeline, ${MULTI} workers`, textBodies, sluiceSend(sluiceN, 'table=nginx&pipeline_name=nginx', 'text/plain'), sluiceN.pid);
    const sNRss = sluiceN.peakRss();
    const nCheck = await sluiceN.rows('SELECT status, count(*) FROM nginx GROUP BY status ORDER BY status');
    await sluiceN.stop();
    sluiceN = undefined;

    const byStatus = 'SELECT status, count(*) FROM nginx GROUP BY status ORDER BY status';
    const chCheck = await ch.rows(byStatus.replace('count(*)', 'count()'));
    const s1Check = await sluice1.rows(byStatus);
    sameAnswer('ingested rows by status (1 core)', s1Check, chCheck, ['sluice', 'clickhouse']);
    sameAnswer(`ingested rows by status (${MULTI} workers)`, nCheck, chCheck, ['sluice', 'clickhouse']);

    const w = `nginx: ${LINES.toLocaleString('en-US')} lines`;
    add(`ingest ${w}, 1 core`, 'rows/s', 'higher', { sluice: s1.rowsPerS, clickhouse: chIngest.rowsPerS });
    add(`ingest ${w}, pipelineWorkers ${MULTI}`, 'rows/s', 'higher', { sluice: sN.rowsPerS, clickhouse: chIngest.rowsPerS });
    add(`ingest ${w}, server CPU, 1 core`, 'CPU-s per 1M rows', 'lower', { sluice: s1.cpuPerM, clickhouse: chIngest.cpuPerM });
    add(`ingest ${w}, server CPU, pipelineWorkers ${MULTI}`, 'CPU-s per 1M rows', 'lower', { sluice: sN.cpuPerM, clickhouse: chIngest.cpuPerM });
    add('ingest request latency p50 (1 core)', 'ms', 'lower', { sluice: s1.p50, clickhouse: chIngest.p50 });
    add('ingest request latency p99 (1 core)', 'ms', 'lower', { sluice: s1.p99, clickhouse: chIngest.p99 });
    add(`ingest request latency p50 (${MULTI} workers)`, 'ms', 'lower', { sluice: sN.p50, clickhouse: chIngest.p50 });
    add(`ingest request latency p99 (${MULTI} workers)`, 'ms', 'lower', { sluice: sN.p99, clickhouse: chIngest.p99 });
    add('server peak RSS after ingest (1 core)', 'MiB', 'lower', { sluice: mb(s1Rss), clickhouse: mb(chRss) });
    add(`server peak RSS after ingest (${MULTI} workers)`, 'MiB', 'lower', { sluice: mb(sNRss), clickhouse: mb(chRss) });
    add('bytes on disk per row (nginx table)', 'B/row', 'lower', { sluice: s1Bytes / LINES, clickhouse: chBytes / LINES });
  }
  textBodies.length = 0;
  chBodies.length = 0;

  // ---------- 2. the query table, loaded into all three (SLUICE_BENCH_ROWS=0 skips it) ----------
  if (ROWS > 0) {
    const from = T0 + Math.floor(ROWS * 0.4) * STEP_MS;
    const to = T0 + Math.floor(ROWS * 0.6) * STEP_MS;
    await sluice1.putPipeline('logs', LOG_PIPELINE);
    await ch.exec('CREATE TABLE logs (ts UInt64, host String, level String, status Int32, latency_ms Float64, message String) ENGINE = MergeTree() PARTITION BY intDiv(ts, 86400000) ORDER BY ts');
    const duck = await DuckDBInstance.create(':memory:');
    const conn = await duck.connect();
    await conn.run(DUCK_LOG_TABLE_DDL);
    const app = await conn.createAppender('logs');
    const disk1 = sluice1.diskBytes();
    const keys = ['ts', 'host', 'level', 'status', 'latency_ms', 'message'];
    for (let b = 0; b * BATCH < ROWS; b++) {
      const objs = [];
      for (let k = b * BATCH; k < Math.min(ROWS, (b + 1) * BATCH); k++) {
        const r = logRow(k);
        objs.push(Object.fromEntries(keys.map((key, j) => [key, r[j]])));
        appendLogRow(app, r);
      }
      await Promise.all([
        sluiceSend(sluice1, 'table=logs&pipeline_name=logs', 'application/json')(JSON.stringify(objs)),
        ch.exec('INSERT INTO logs FORMAT JSONEachRow', objs.map((o) => JSON.stringify(o)).join('\n')),
      ]);
    }
    app.closeSync();
    add(`bytes on disk per row (logs table, ${ROWS.toLocaleString('en-US')} rows)`, 'B/row', 'lower', { sluice: (sluice1.diskBytes() - disk1) / ROWS, clickhouse: (await ch.bytesOnDisk('logs')) / ROWS });

    const iso = (ms) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
    const queries = [
      // Context, not a target: each system's floor for a query over HTTP (in-process for DuckDB).
      { name: 'round trip (SELECT 1)', sluice: 'SELECT 1', ch: 'SELECT 1', duck: 'SELECT 1' },
      { name: 'count(*)', sluice: 'SELECT count(*) FROM logs', ch: 'SELECT count() FROM logs', duck: 'SELECT count(*) FROM logs' },
      {
        name: "LIKE '%timeout%' + count",
        sluice: "SELECT count(*) FROM logs WHERE message LIKE '%timeout%'",
        ch: "SELECT count() FROM logs WHERE message LIKE '%timeout%'",
        duck: "SELECT count(*) FROM logs WHERE message LIKE '%timeout%'",
      },
      {
        name: 'GROUP BY host (1,000 values), count + avg',
        sluice: 'SELECT host, count(*), avg(latency_ms) FROM logs GROUP BY host ORDER BY host',
        ch: 'SELECT host, count(), avg(latency_ms) FROM logs GROUP BY host ORDER BY host',
        duck: 'SELECT host, count(*), avg(latency_ms) FROM logs GROUP BY host ORDER BY host',
      },
      {
        name: 'per-minute histogram',
        sluice: "SELECT date_bin(INTERVAL '1 minute', ts) AS minute, count(*) FROM logs GROUP BY minute ORDER BY minute",
        ch: 'SELECT intDiv(ts, 60000) * 60000 AS minute, count() FROM logs GROUP BY minute ORDER BY minute',
        duck: "SELECT time_bucket(INTERVAL '1 minute', ts) AS minute, count(*) FROM logs GROUP BY minute ORDER BY minute",
      },
      {
        name: 'newest 100 in a time range',
        sluice: `SELECT ts, host, level, status, latency_ms, message FROM logs WHERE ts >= '${iso(from)}' AND ts < '${iso(to)}' ORDER BY ts DESC LIMIT 100`,
        ch: `SELECT ts, host, level, status, latency_ms, message FROM logs WHERE ts >= ${from} AND ts < ${to} ORDER BY ts DESC LIMIT 100`,
        duck: `SELECT * FROM logs WHERE ts >= '${iso(from)}' AND ts < '${iso(to)}' ORDER BY ts DESC LIMIT 100`,
      },
      {
        name: "full-text matches 'error AND timeout'",
        sluice: "SELECT count(*) FROM logs WHERE matches(message, 'error AND timeout')",
        ch: "SELECT count() FROM logs WHERE match(message, '(?i)\\\\berror\\\\b') AND match(message, '(?i)\\\\btimeout\\\\b')",
        duck: "SELECT count(*) FROM logs WHERE regexp_matches(message, '\\berror\\b', 'i') AND regexp_matches(message, '\\btimeout\\b', 'i')",
      },
    ];
    // Steady state on every side before any timed run: each store compacts what the ingest left (Sluice's
    // ADMIN compact_table, ClickHouse's OPTIMIZE ... FINAL, so no background merge lands in one side's
    // timings), then every query goes to all three in turn for WARMUP_S seconds: a Node server that has
    // answered a handful of queries is still compiling its hot paths (V8's compiler threads took ~1.2 ms of
    // CPU per query after 30 queries of one kind, ~0.2 ms after ~3,000, on these 2 cores).
    const compacted = await fetch(`${sluice1.url}/v1/sql`, { method: 'POST', body: new URLSearchParams({ sql: "ADMIN compact_table('logs')", db: 'public' }) });
    if (compacted.status !== 200) throw new Error(`ADMIN compact_table: HTTP ${compacted.status} ${await compacted.text()}`);
    await compacted.text();
    await ch.exec('OPTIMIZE TABLE logs FINAL');
    const warmEnd = performance.now() + WARMUP_S * 1000;
    for (let k = 0; performance.now() < warmEnd; k++) {
      const q = queries[k % queries.length];
      await sluice1.rows(q.sluice);
      await ch.rows(q.ch);
      await conn.runAndReadAll(q.duck);
    }
    // Sluice's v1 JSON gives timestamps as epoch ms already; ClickHouse's ts is a UInt64 of ms.
    console.log(`\n${'query'.padEnd(48)} ${'sluice'.padStart(9)} ${'clickhouse'.padStart(11)} ${'duckdb'.padStart(9)}  sluice/ch`);
    for (const q of queries) {
      const t = { sluice: [], clickhouse: [], duckdb: [] };
      let ans;
      for (let i = 0; i <= RUNS; i++) {
        let t0 = performance.now();
        const s = await sluice1.rows(q.sluice);
        if (i > 0) t.sluice.push(performance.now() - t0);
        t0 = performance.now();
        const c = await ch.rows(q.ch);
        if (i > 0) t.clickhouse.push(performance.now() - t0);
        t0 = performance.now();
        const d = (await conn.runAndReadAll(q.duck)).getRowsJS();
        if (i > 0) t.duckdb.push(performance.now() - t0);
        ans = { s, c, d };
      }
      const ok = sameAnswer(`${q.name} (vs ClickHouse)`, ans.s, ans.c, ['sluice', 'clickhouse']) && sameAnswer(`${q.name} (vs DuckDB)`, ans.s, ans.d, ['sluice', 'duckdb']);
      const v = { sluice: median(t.sluice), clickhouse: median(t.clickhouse), duckdb: median(t.duckdb) };
      add(`query: ${q.name}`, 'ms', 'lower', v, ok ? undefined : 'answers differ');
      console.log(`${q.name.padEnd(48)} ${v.sluice.toFixed(1).padStart(9)} ${v.clickhouse.toFixed(1).padStart(11)} ${v.duckdb.toFixed(1).padStart(9)}  ${(v.sluice / v.clickhouse).toFixed(2)}x${ok ? '' : ' (answers differ)'}`);
    }
    conn.closeSync();
  }
  add('server peak RSS, end of run (1 core)', 'MiB', 'lower', { sluice: mb(sluice1.peakRss()), clickhouse: mb(ch.peakRss()) });
} finally {
  await sluiceN?.stop();
  await sluice1.stop();
  await ch.stop();
}

console.log('');
for (const r of rows) {
  const v = r.values;
  console.log(`${r.work.padEnd(56)} ${Object.entries(v).map(([k, x]) => `${k} ${x < 100 ? x.toFixed(1) : Math.round(x).toLocaleString('en-US')}`).join('  ')} ${r.unit}`);
}
report('peers', { title: 'Sluice vs ClickHouse 18.16 (HTTP) and DuckDB (in-process)', rows });
process.exit(failed ? 1 : 0);
