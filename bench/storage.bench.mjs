// @sluice/storage (the BUILT package): write rate in batches of 1,000 six-column log rows, scan rates
// for a full count, a full read and a filtered scan, bytes on disk per row, peak RSS, and RSS every 1M
// rows written (memory must stay flat).
// Run: npm run build -w @sluice/storage && node --expose-gc bench/storage.bench.mjs
// Env: SLUICE_BENCH_ROWS (default 2000000; 10000000 for the flat-memory check).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbStore } from '@sluice/storage';
import { LEVELS, LOG_SCHEMA } from './lib/log-table.mjs';

const ROWS = Number(process.env.SLUICE_BENCH_ROWS ?? 2_000_000);
const BATCH = 1000;
const dataHome = mkdtempSync(join(tmpdir(), 'sluice-bench-'));
const mb = (b) => `${(b / 1048576).toFixed(0)} MB`;
const rate = (n, ms) => `${Math.round((n / ms) * 1000).toLocaleString('en-US')} rows/s`;

const schema = LOG_SCHEMA;
const levels = LEVELS;
const paths = ['/api/v1/users', '/api/v1/orders/42', '/static/app.js', '/healthz', '/api/v1/search?q=sluice'];
const t0 = Date.UTC(2026, 0, 1);

function batch(b, n) {
  const rows = new Array(n);
  for (let i = 0; i < n; i++) {
    const k = b * BATCH + i;
    rows[i] = [t0 + k, `host-${k % 50}`, levels[k % 5], 200 + (k % 7) * 50, (k % 1000) / 7, `GET ${paths[k % 5]} HTTP/1.1 from 10.0.${k % 256}.${(k >> 8) % 256} took ${k % 1000}ms`];
  }
  return rows;
}

const store = await openLmdbStore({ dataHome, ttlSweepIntervalMs: 0 });
try {
  // ---- write (durable: every batch waits for the disk flush) ----
  const batches = Math.ceil(ROWS / BATCH);
  let written = 0;
  const cpu0 = process.cpuUsage();
  let start = performance.now();
  for (let b = 0; b < batches; b++) {
    const rows = batch(b, Math.min(BATCH, ROWS - b * BATCH));
    await store.write([{ db: 'public', table: 'logs', schema, rows, options: { append_mode: true } }]);
    written += rows.length;
    if (written % 1_000_000 === 0) {
      globalThis.gc?.();
      console.log(`  written ${(written / 1e6).toFixed(0)}M rows, RSS ${mb(process.memoryUsage().rss)}`);
    }
  }
  const writeMs = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  console.log(`write, batches of ${BATCH} (durable):    ${rate(written, writeMs)}  (${(writeMs / 1000).toFixed(1)} s for ${written.toLocaleString('en-US')} rows)`);
  // CPU time of this process (main thread + LMDB's write thread) per batch: the rate the CPU alone would allow.
  const cpuMs = (cpu.user + cpu.system) / 1000 / batches;
  console.log(`  CPU per batch: ${cpuMs.toFixed(2)} ms (≈ ${rate(BATCH, cpuMs)} if not waiting on the disk)`);

  // ---- write with skip_wal (commit without waiting for the flush) and with 4 writers in flight ----
  const side = Math.min(ROWS, 500_000);
  start = performance.now();
  for (let b = 0; b < side / BATCH; b++) {
    await store.write([{ db: 'public', table: 'logs_fast', schema, rows: batch(b, BATCH), options: { append_mode: true, skip_wal: true } }]);
  }
  console.log(`write, batches of ${BATCH} (skip_wal):   ${rate(side, performance.now() - start)}`);
  start = performance.now();
  for (let b = 0; b < side / BATCH; b += 4) {
    await Promise.all([0, 1, 2, 3].map((j) => store.write([{ db: 'public', table: 'logs_par', schema, rows: batch(b + j, BATCH), options: { append_mode: true } }])));
  }
  console.log(`write, 4 concurrent batches (durable): ${rate(side, performance.now() - start)}`);

  const bytes = store.stats().bytesOnDisk;
  console.log(`bytes on disk per row:                 ${(bytes / (written + 2 * side)).toFixed(1)} (${mb(bytes)} for ${(written + 2 * side).toLocaleString('en-US')} rows)`);

  // ---- scans ----
  const scan = async (label, req) => {
    const s = performance.now();
    let n = 0;
    for await (const b of store.scan({ db: 'public', table: 'logs', ...req })) n += b.length;
    const ms = performance.now() - s;
    console.log(`${label.padEnd(39)}${rate(written, ms)} scanned (${n.toLocaleString('en-US')} rows out, ${(ms / 1000).toFixed(2)} s)`);
  };
  await scan('scan, full count:', { columns: [] });
  await scan('scan, all columns:', {});
  await scan('scan, filtered (level = error):', { columns: ['ts', 'message'], predicates: [{ column: 'level', op: '=', value: 'error' }] });
  await scan('scan, filtered (host = host-7):', { columns: ['ts', 'message'], predicates: [{ column: 'host', op: '=', value: 'host-7' }] });
  await scan('scan, last hour, newest 100:', { timeRange: { startNs: BigInt(t0 + written - 3_600_000) * 1_000_000n }, descending: true, limit: 100 });
  console.log(`peak RSS:                              ${mb(process.resourceUsage().maxRSS * 1024)}`);
} finally {
  await store.close();
  rmSync(dataHome, { recursive: true, force: true });
}
