// @sluice/query (the BUILT packages) against DuckDB on the same 1M-row, 6-column log table: latency of
// count(*), a LIKE filter with a count, GROUP BY a tag with 1,000 distinct values, a date_bin histogram,
// ORDER BY ts DESC LIMIT 100 over a time range, and a matches() full-text query. Each query runs once to
// warm up, then SLUICE_BENCH_RUNS times (default 5); the median is printed with the Sluice/DuckDB ratio.
// Both engines must return the same answer (checked; a mismatch fails the bench).
// Targets: count < 50 ms, the rest < 500 ms.
// Run: npm run build -w @sluice/storage -w @sluice/query && node --expose-gc bench/sql.bench.mjs
// Env: SLUICE_BENCH_ROWS (default 1000000), SLUICE_BENCH_RUNS (default 5).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { appendLogRow, DUCK_LOG_TABLE_DDL } from './lib/duck-log-table.mjs';
import { openLmdbStore } from '@sluice/storage';
import { createQueryEngine } from '@sluice/query';
import { LOG_SCHEMA, logRow as row, STEP_MS, T0 as t0 } from './lib/log-table.mjs';

const ROWS = Number(process.env.SLUICE_BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.SLUICE_BENCH_RUNS ?? 5);
const BATCH = 10_000;
const schema = LOG_SCHEMA;

const fmt = (ms) => `${ms.toFixed(1).padStart(8)} ms`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const iso = (ms) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

const dataHome = mkdtempSync(join(tmpdir(), 'sluice-sql-bench-'));
const store = await openLmdbStore({ dataHome, ttlSweepIntervalMs: 0, noSync: true });
const duck = await DuckDBInstance.create(':memory:');
const conn = await duck.connect();
let failed = false;
try {
  // ---- load the same rows into both ----
  let start = performance.now();
  for (let b = 0; b * BATCH < ROWS; b++) {
    const rows = [];
    for (let k = b * BATCH; k < Math.min(ROWS, (b + 1) * BATCH); k++) rows.push(row(k));
    await store.write([{ db: 'public', table: 'logs', schema, rows, options: { append_mode: true } }]);
  }
  console.log(`loaded ${ROWS.toLocaleString('en-US')} rows into Sluice in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  start = performance.now();
  await conn.run(DUCK_LOG_TABLE_DDL);
  const app = await conn.createAppender('logs');
  for (let k = 0; k < ROWS; k++) {
    const r = row(k);
    appendLogRow(app, r);
  }
  app.closeSync();
  console.log(`loaded ${ROWS.toLocaleString('en-US')} rows into DuckDB in ${((performance.now() - start) / 1000).toFixed(1)} s\n`);

  const engine = createQueryEngine(store);
  const from = iso(t0 + Math.floor(ROWS * 0.4) * STEP_MS);
  const to = iso(t0 + Math.floor(ROWS * 0.6) * STEP_MS);
  const queries = [
    { name: 'count(*)', target: 50, sluice: 'SELECT count(*) FROM logs', duck: 'SELECT count(*) FROM logs' },
    {
      name: "LIKE '%timeout%' + count", target: 500,
      sluice: "SELECT count(*) FROM logs WHERE message LIKE '%timeout%'",
      duck: "SELECT count(*) FROM logs WHERE message LIKE '%timeout%'",
    },
    {
      name: 'GROUP BY host (1,000 tags)', target: 500,
      sluice: 'SELECT host, count(*), avg(latency_ms) FROM logs GROUP BY host ORDER BY host',
      duck: 'SELECT host, count(*), avg(latency_ms) FROM logs GROUP BY host ORDER BY host',
    },
    {
      name: 'date_bin 1 minute histogram', target: 500,
      sluice: "SELECT date_bin(INTERVAL '1 minute', ts) AS minute, count(*) FROM logs GROUP BY minute ORDER BY minute",
      duck: "SELECT time_bucket(INTERVAL '1 minute', ts) AS minute, count(*) FROM logs GROUP BY minute ORDER BY minute",
    },
    {
      name: 'ORDER BY ts DESC LIMIT 100 (range)', target: 500,
      sluice: `SELECT * FROM logs WHERE ts >= '${from}' AND ts < '${to}' ORDER BY ts DESC LIMIT 100`,
      duck: `SELECT * FROM logs WHERE ts >= '${from}' AND ts < '${to}' ORDER BY ts DESC LIMIT 100`,
    },
    {
      name: "matches(message, 'error AND timeout')", target: 500,
      sluice: "SELECT count(*) FROM logs WHERE matches(message, 'error AND timeout')",
      duck: "SELECT count(*) FROM logs WHERE regexp_matches(message, '\\berror\\b', 'i') AND regexp_matches(message, '\\btimeout\\b', 'i')",
    },
  ];

  // Compare answers: timestamps as epoch milliseconds, floats rounded.
  const norm = (v) => {
    if (v instanceof Date) return v.getTime();
    if (typeof v === 'bigint') return Number(v);
    if (typeof v === 'number' && !Number.isInteger(v)) return Number(v.toPrecision(10));
    return v;
  };
  const duckRows = (reader) => reader.getRowsJS().map((r) => r.map(norm));

  // Wall time swings with the machine's load; the CPU time of the Sluice query (this process, all threads)
  // is the steadier figure of its own cost.
  console.log(`${'query'.padEnd(40)} ${'sluice'.padStart(11)} ${'sluice CPU'.padStart(11)} ${'duckdb'.padStart(11)}   ratio   target`);
  for (const q of queries) {
    const s = [];
    const cpu = [];
    const d = [];
    let sRows;
    let dRows;
    for (let i = 0; i <= RUNS; i++) {
      let t = performance.now();
      const c0 = process.cpuUsage();
      const [out] = await engine.executeSql(q.sluice, { db: 'public' });
      const c = process.cpuUsage(c0);
      if (i > 0) s.push(performance.now() - t);
      if (i > 0) cpu.push((c.user + c.system) / 1000);
      sRows = out.rows.map((r) => r.map(norm));
      t = performance.now();
      const reader = await conn.runAndReadAll(q.duck);
      if (i > 0) d.push(performance.now() - t);
      dRows = duckRows(reader);
    }
    const same = JSON.stringify(sRows) === JSON.stringify(dRows);
    if (!same) {
      failed = true;
      console.log(`  MISMATCH for ${q.name}: sluice ${JSON.stringify(sRows.slice(0, 2))} duckdb ${JSON.stringify(dRows.slice(0, 2))}`);
    }
    const sm = median(s);
    const dm = median(d);
    const ok = sm < q.target ? 'ok' : 'MISSED';
    console.log(`${q.name.padEnd(40)} ${fmt(sm)} ${fmt(median(cpu))} ${fmt(dm)} ${(sm / dm).toFixed(1).padStart(6)}x   <${q.target} ms ${ok}${same ? '' : ' (answers differ)'}`);
  }
  globalThis.gc?.();
  console.log(`\npeak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
} finally {
  conn.closeSync();
  await store.close();
  rmSync(dataHome, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
