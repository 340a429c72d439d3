// Line-protocol ingest, side by side in one run: Sluice (/v1/lineproto/write) vs Debian's InfluxDB 1.6
// (`influxd`, /write) vs VictoriaMetrics 1.79 (`victoria-metrics`, /write), on the same bodies.
// Each server is its own process on 127.0.0.1 with a temp data dir; one Node client POSTs the same
// pre-generated batches (LP_BATCH lines per request, LP_CONCURRENCY in flight) to each in turn and
// reports lines/s from the first request to the last 204 and lines per CPU-second the server used
// (from /proc; steadier than wall time on a shared machine), then the ratios. Every server's row count
// is checked afterwards (so a server that drops lines cannot win). Peers missing here are skipped.
// Sluice runs twice: with durable writes (each request waits for the disk flush, as influxd's WAL
// fsync does) and with the `skip_wal=true` hint (no wait, closer to VictoriaMetrics).
// Run (after `npm run build`): node bench/protocols-lineproto.bench.mjs
//   env: SLUICE_BEFORE=<other build's packages/server/dist/main.js> also runs that server first (same
//   session, for before/after ratios); LP_LINES (default 400000), LP_BATCH (5000), LP_CONCURRENCY (4), LP_SERIES (1000),
//   LP_WARMUP (20: bodies of the same size, measurement `warmup`, sent to every server before the timed
//   part; 0 sends one line, as runs before 2026-11-29 did, which left Sluice's ingest workers cold)
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { report } from './lib/report.mjs';
import { cpuSecondsOrUndefined, rssSampler, settleCpu } from './lib/proc.mjs';

const LINES = Number(process.env.LP_LINES ?? 400_000);
const BATCH = Number(process.env.LP_BATCH ?? 5_000);
const CONCURRENCY = Number(process.env.LP_CONCURRENCY ?? 4);
const SERIES = Number(process.env.LP_SERIES ?? 1_000);
const WARMUP = Number(process.env.LP_WARMUP ?? 20);
const T0 = 1_700_000_000_000; // ms

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Deterministic telegraf-like `cpu` points: SERIES series (host x region), 4 fields, ms timestamps. */
function makeBodies() {
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const bodies = [];
  for (let b = 0; b < LINES / BATCH; b++) {
    const lines = new Array(BATCH);
    for (let i = 0; i < BATCH; i++) {
      const n = b * BATCH + i;
      const s = n % SERIES;
      const ts = T0 + Math.floor(n / SERIES) * 10_000;
      lines[i] = `cpu,host=host-${s},region=r${s % 8},cpu=cpu-total usage_user=${(rand() * 100).toFixed(3)},usage_system=${(rand() * 50).toFixed(3)},usage_idle=${(rand() * 100).toFixed(3)},n=${n}i ${ts}`;
    }
    bodies.push(lines.join('\n'));
  }
  return bodies;
}

// Up to 2 minutes: a server starting on a loaded machine can take half a minute.
async function waitUp(url, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function which(bin) {
  try {
    return execFileSync('sh', ['-c', `command -v ${bin}`]).toString().trim() || undefined;
  } catch {
    return undefined;
  }
}

const cpuSeconds = cpuSecondsOrUndefined;

const mib = (bytes) => (Number.isFinite(bytes) ? Math.round(bytes / 1048576) : '?');

async function startSluice(dir, variant = '', main = process.env.SLUICE_MAIN ?? new URL('../packages/server/dist/main.js', import.meta.url).pathname) {
  const port = await freePort();
  // SLUICE_MAIN: another build's server (e.g. main's, for a before/after run).
  const child = spawn(process.execPath, [main, 'standalone', 'start', '--http-addr', `127.0.0.1:${port}`, '--data-home', join(dir, `sluice${variant}`)], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  await waitUp(`${base}/health`);
  return {
    name: variant === '' ? 'Sluice' : variant === '-before' ? 'Sluice before' : 'Sluice, skip_wal', key: variant === '-before' ? 'sluice_before' : 'sluice', child, writeUrl: `${base}/v1/lineproto/write?db=public&precision=ms`,
    // skip_wal: the write does not wait for the disk flush (VictoriaMetrics does not fsync per request either)
    headers: variant === '-skip-wal' ? { 'x-service-hints': 'skip_wal=true' } : {},
    async count() {
      const r = await fetch(`${base}/v1/sql`, { method: 'POST', body: new URLSearchParams({ sql: 'SELECT count(*) FROM cpu' }) });
      return (await r.json()).output[0].records.rows[0][0];
    },
  };
}

async function startInflux(dir) {
  if (!which('influxd')) return undefined;
  const [http, rpc] = [await freePort(), await freePort()];
  const d = join(dir, 'influx');
  const conf = join(dir, 'influxdb.conf');
  writeFileSync(conf, [
    'reporting-disabled = true', `bind-address = "127.0.0.1:${rpc}"`,
    '[meta]', `  dir = "${d}/meta"`,
    '[data]', `  dir = "${d}/data"`, `  wal-dir = "${d}/wal"`, '  query-log-enabled = false',
    '[http]', `  bind-address = "127.0.0.1:${http}"`, '  log-enabled = false',
    '[logging]', '  level = "warn"',
  ].join('\n'));
  const child = spawn('influxd', ['run', '-config', conf], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${http}`;
  await waitUp(`${base}/ping`);
  await fetch(`${base}/query`, { method: 'POST', body: new URLSearchParams({ q: 'CREATE DATABASE bench' }) });
  return {
    name: 'InfluxDB 1.6', key: 'influxdb', child, writeUrl: `${base}/write?db=bench&precision=ms`,
    async count() {
      const r = await fetch(`${base}/query?db=bench`, { method: 'POST', body: new URLSearchParams({ q: 'SELECT count(n) FROM cpu' }) });
      return (await r.json()).results[0].series[0].values[0][1];
    },
  };
}

async function startVm(dir) {
  if (!which('victoria-metrics')) return undefined;
  const port = await freePort();
  const child = spawn('victoria-metrics', [`-storageDataPath=${join(dir, 'vm')}`, `-httpListenAddr=127.0.0.1:${port}`, '-retentionPeriod=100y', '-loggerLevel=ERROR'], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  await waitUp(`${base}/health`);
  return {
    name: 'VictoriaMetrics 1.79', key: 'victoriametrics', child, writeUrl: `${base}/write?db=bench&precision=ms`,
    async count() {
      // VM stores each field as a series `cpu_<field>`; count the `n` samples once they are searchable.
      await fetch(`${base}/internal/force_flush`);
      const q = new URLSearchParams({ query: `count_over_time(cpu_n[${Math.ceil(LINES / SERIES) * 10 + 60}s])`, time: String((T0 + (LINES / SERIES) * 10_000) / 1000) });
      const r = await (await fetch(`${base}/api/v1/query?${q}`)).json();
      return r.data.result.reduce((n, s) => n + Number(s.value[1]), 0);
    },
  };
}

/** POSTs `bodies` to the target, LP_CONCURRENCY in flight; the seconds from the first to the last answer. */
async function ingest(target, bodies) {
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      const res = await fetch(target.writeUrl, { method: 'POST', body, headers: { 'content-type': 'text/plain; charset=utf-8', ...target.headers } });
      const text = await res.text();
      if (res.status !== 204) throw new Error(`${target.name}: HTTP ${res.status} ${text.slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return (performance.now() - start) / 1000;
}

const bodies = makeBodies();
const bytes = bodies.reduce((n, b) => n + Buffer.byteLength(b), 0);
console.log(`line protocol ingest: ${LINES.toLocaleString('en-US')} lines (${SERIES} series, 4 fields, ${(bytes / 1048576).toFixed(1)} MiB), ${BATCH} lines/request, ${CONCURRENCY} in flight, warm-up ${WARMUP} bodies, Node ${process.version}`);
const dir = mkdtempSync(join(tmpdir(), 'sluice-lp-bench-'));
const results = [];
try {
  const startSluiceSkipWal = (d) => startSluice(d, '-skip-wal');
  // SLUICE_BEFORE: a second build's server (e.g. main's) run in the same session, for before/after ratios.
  const before = process.env.SLUICE_BEFORE;
  const startSluiceBefore = before === undefined ? [] : [(d) => startSluice(d, '-before', before)];
  for (const start of [...startSluiceBefore, startSluice, startSluiceSkipWal, startInflux, startVm]) {
    const target = await start(dir);
    if (target === undefined) {
      console.log(`${start.name.replace('start', '')}: not installed, skipped`);
      continue;
    }
    try {
      // Warm-up on a separate measurement so every server has its code paths hot: full-size bodies, so
      // Sluice's ingest workers (bodies over 16 KiB decode there) have compiled the scanner and encoder.
      await fetch(target.writeUrl, { method: 'POST', body: 'warmup,host=a v=1 1700000000000', headers: target.headers });
      await ingest(target, bodies.slice(0, WARMUP).map((b) => b.replaceAll('cpu,host=', 'warmup,host=')));
      await settleCpu(target.child.pid);
      const cpu0 = cpuSeconds(target.child.pid);
      const rss = rssSampler(target.child.pid);
      const secs = await ingest(target, bodies);
      const cpu = cpuSeconds(target.child.pid) - cpu0;
      const mem = rss.stop();
      let count;
      for (let i = 0; i < 50; i++) {
        count = await target.count().catch(() => undefined);
        if (count === LINES) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const rate = LINES / secs;
      const perCpu = LINES / cpu;
      results.push({ name: target.name, key: target.key, rate, perCpu });
      console.log(
        `${target.name.padEnd(22)} ${secs.toFixed(2).padStart(7)} s ${Math.round(rate).toLocaleString('en-US').padStart(10)} lines/s ` +
          `${cpu.toFixed(2).padStart(7)} server CPU-s ${Math.round(perCpu).toLocaleString('en-US').padStart(10)} lines/CPU-s   ` +
          `rows stored ${count}${count === LINES ? '' : ' (MISMATCH)'}   peak RSS ${mib(mem.hwm)} MiB (anon ${mib(mem.anon)}, mapped files ${mib(mem.file)})`,
      );
    } finally {
      target.child.kill('SIGTERM');
      await new Promise((r) => target.child.once('exit', r));
    }
  }
  const baseline = results.find((r) => r.name === 'Sluice before');
  const now = results.find((r) => r.name === 'Sluice');
  if (baseline && now) console.log(`Sluice / Sluice before: ${(now.rate / baseline.rate).toFixed(2)}x lines/s, ${(now.perCpu / baseline.perCpu).toFixed(2)}x lines per server CPU-second`);
  for (const sluice of results.filter((r) => r.name.startsWith('Sluice'))) {
    for (const r of results) {
      if (!r.name.startsWith('Sluice')) console.log(`${sluice.name} / ${r.name}: ${(sluice.rate / r.rate).toFixed(2)}x lines/s, ${(sluice.perCpu / r.perCpu).toFixed(2)}x lines per server CPU-second`);
    }
  }
  const peers = results.filter((r) => !r.name.startsWith('Sluice'));
  const rows = [];
  for (const sluice of results.filter((r) => r.name === 'Sluice' || r.name === 'Sluice, skip_wal')) {
    const what = sluice.name === 'Sluice' ? 'durable' : 'skip_wal';
    const values = (f) => Object.fromEntries([[sluice.key, f(sluice)], ...peers.map((p) => [p.key, f(p)])]);
    rows.push({ work: `line protocol ingest, ${BATCH} lines/request (${what})`, unit: 'lines/s', better: 'higher', values: values((r) => r.rate) });
    rows.push({ work: `line protocol ingest per server CPU-second (${what})`, unit: 'lines/CPU-s', better: 'higher', values: values((r) => r.perCpu) });
  }
  report('protocols-lineproto', { title: 'Line-protocol ingest: Sluice vs InfluxDB 1.6 and VictoriaMetrics 1.79', rows });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
