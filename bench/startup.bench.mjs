// Start-up (issue 18) of the BUILT server (`npm run build` first): how long after `sluice standalone start`
// the first /health and the first SQL query are answered, and how long /health waits while the server
// and its query workers load. Seeds a data home once (a 20,000-row table), then per round starts the
// server as a child process, probes /health every 20 ms and runs `SELECT count(*) ...` back to back for
// 10 s, and stops it. Rounds alternate the servers compared (one machine, one run: quote ratios).
// Run: node bench/startup.bench.mjs   (SLUICE_MAIN=<main.js>[,<main.js>...] compares several builds;
//      SLUICE_STARTUP_WORKERS=2 sets [query] workers, default 2; SLUICE_STARTUP_ROUNDS=3;
//      SLUICE_STARTUP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the servers' main threads)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, percentile } from './lib/proc.mjs';
import { report } from './lib/report.mjs';

const MAINS = (process.env.SLUICE_MAIN ?? new URL('../packages/server/dist/main.js', import.meta.url).pathname).split(',');
const WORKERS = Number(process.env.SLUICE_STARTUP_WORKERS ?? 2);
const ROUNDS = Number(process.env.SLUICE_STARTUP_ROUNDS ?? 3);
const WATCH_MS = 10_000;
const NODE_ARGS = (process.env.SLUICE_STARTUP_NODE_ARGS ?? '').split(' ').filter(Boolean);
const SQL = 'SELECT count(*), max(v) FROM startup_t WHERE v > 10';

// An empty sample prints as NaN.
const pct = (xs, p) => (xs.length === 0 ? NaN : percentile(xs, p));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const home = mkdtempSync(join(tmpdir(), 'sluice-startup-'));

async function start(main) {
  const port = await freePort();
  const cfg = join(home, 'sluice.toml');
  writeFileSync(cfg, `[http]\naddr = "127.0.0.1:${port}"\n[storage]\ndata_home = "${join(home, 'data')}"\n[logging]\nlevel = "error"\n[query]\nworkers = ${WORKERS}\n`);
  const t0 = performance.now();
  const child = spawn(process.execPath, [...NODE_ARGS, main, 'standalone', 'start', '-c', cfg], { stdio: ['ignore', 'ignore', 'inherit'] });
  return { child, url: `http://127.0.0.1:${port}`, t0 };
}
async function stop(child) {
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
}
const post = (url, sql) => fetch(`${url}/v1/sql`, { method: 'POST', body: new URLSearchParams({ sql }), signal: AbortSignal.timeout(60_000) });

async function seed() {
  const { child, url } = await start(MAINS[0]);
  try {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${url}/health`)).ok) break;
      } catch {}
      await sleep(100);
    }
    const ok = async (sql) => {
      const r = await post(url, sql);
      if (!r.ok) throw new Error(`${sql.slice(0, 60)}: ${await r.text()}`);
    };
    await ok('CREATE TABLE startup_t (ts TIMESTAMP TIME INDEX, k STRING, v DOUBLE, PRIMARY KEY (k))');
    for (let b = 0; b < 20; b++) {
      const rows = Array.from({ length: 1000 }, (_, i) => `(${b * 1000 + i}, 'k${i % 50}', ${i})`);
      await ok(`INSERT INTO startup_t (ts, k, v) VALUES ${rows.join(',')}`);
    }
  } finally {
    await stop(child);
  }
}

/** One start: ms to the first /health 200, to the first query answered, and /health latencies meanwhile. */
async function round(main) {
  const { child, url, t0 } = await start(main);
  let firstHealth = NaN;
  let firstQuery = NaN;
  let queries = 0;
  const health = [];
  let stopped = false;
  const probe = (async () => {
    while (!stopped) {
      const t = performance.now();
      try {
        const r = await fetch(`${url}/health`, { signal: AbortSignal.timeout(30_000) });
        await r.arrayBuffer();
        if (r.ok) {
          if (Number.isNaN(firstHealth)) firstHealth = performance.now() - t0;
          else health.push(performance.now() - t);
        }
      } catch {
        if (!Number.isNaN(firstHealth)) health.push(performance.now() - t);
      }
      await sleep(20);
    }
  })();
  const load = (async () => {
    while (!stopped) {
      try {
        const r = await post(url, SQL);
        await r.arrayBuffer();
        if (r.ok) {
          queries++;
          if (Number.isNaN(firstQuery)) firstQuery = performance.now() - t0;
        }
      } catch {
        await sleep(20);
      }
    }
  })();
  while (Number.isNaN(firstHealth) && performance.now() - t0 < 60_000) await sleep(20);
  await sleep(WATCH_MS);
  stopped = true;
  await Promise.all([probe, load]);
  await stop(child);
  return { firstHealth, firstQuery, queries, p99: pct(health, 99), max: Math.max(...health) };
}

try {
  await seed();
  const runs = new Map(MAINS.map((m) => [m, []]));
  for (let r = 0; r < ROUNDS; r++) for (const m of MAINS) runs.get(m).push(await round(m));
  console.log(`Node ${process.version}; [query] workers = ${WORKERS}; ${ROUNDS} rounds each, alternating; /health every 20 ms and queries back to back for ${WATCH_MS / 1000} s after the first /health`);
  const rows = [];
  for (const [m, rs] of runs) {
    const med = (k) => pct(rs.map((x) => x[k]), 50);
    console.log(`\n${m}`);
    for (const x of rs) console.log(`  first /health ${x.firstHealth.toFixed(0)} ms, first query ${x.firstQuery.toFixed(0)} ms, then /health p99 ${x.p99.toFixed(0)} ms max ${x.max.toFixed(0)} ms, ${x.queries} queries`);
    console.log(`  median: first /health ${med('firstHealth').toFixed(0)} ms, first query ${med('firstQuery').toFixed(0)} ms, /health p99 ${med('p99').toFixed(0)} ms, max ${med('max').toFixed(0)} ms`);
    const sys = MAINS.length > 1 ? m : 'sluice';
    rows.push(
      { work: `startup: first query answered (workers ${WORKERS})`, unit: 'ms', better: 'lower', values: { [sys]: med('firstQuery') } },
      { work: `startup: /health max in the first ${WATCH_MS / 1000} s (workers ${WORKERS})`, unit: 'ms', better: 'lower', values: { [sys]: med('max') } },
    );
  }
  report('startup', { title: 'Start-up: first answers and /health while loading', rows });
} finally {
  rmSync(home, { recursive: true, force: true });
}
