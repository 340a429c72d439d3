// Part 1 of peers.bench.mjs alone (no ClickHouse): 1M nginx lines through the nginx pipeline, 1,000 lines
// per request, 4 clients, into a Sluice child process. Prints rows/s, the server's CPU seconds per 1M rows
// (user + system of every thread, from /proc: steadier than wall time on a shared machine), its peak RSS and
// the CPU of this client process (on the same 2 cores: server + client CPU per row bound the rows/s).
// For before/after figures: build the other side into a copy and alternate, SLUICE_SERVER=<its dist/index.js>.
// Run: npm run build && node bench/ingest-focus.mjs
// Env: SLUICE_BENCH_CLIENT (fetch: Node's fetch instead of node:http, bench/lib/http-post.mjs), SLUICE_BENCH_LINES (1000000), SLUICE_BENCH_WORKERS (comma-separated pipelineWorkers runs, default
//      "0,2"), SLUICE_SERVER (another build's packages/server/dist/index.js), PROF_DIR (a directory for the
//      server's V8 CPU profiles, one per thread: node --cpu-prof), PROF_MAIN (a file prefix: folded stacks of
//      the main thread for PROF_SECONDS (6) from 2 s into each run, from the server's /debug/prof/cpu).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRand, nginxLines, NGINX_PIPELINE } from './lib/nginx.mjs';
import { cpuSecondsOf, statCpuSeconds } from './lib/proc.mjs';
import { httpPoster } from './lib/http-post.mjs';
import { startSluice } from './lib/sluice.mjs';

const LINES = Number(process.env.SLUICE_BENCH_LINES ?? 1_000_000);
const RUNS = (process.env.SLUICE_BENCH_WORKERS ?? '0,2').split(',').map(Number);
const BATCH = 1_000;
const CLIENTS = 4;
const post = httpPoster(CLIENTS);

const lines = nginxLines(LINES, createRand());
const bodies = [];
for (let i = 0; i < LINES; i += BATCH) bodies.push(lines.slice(i, i + BATCH).join('\n'));
lines.length = 0;

/** CPU seconds per thread (`main`, else `name:tid`: pipeline and query workers, the lmdb-js writer, V8 and libuv helpers). */
function threadSeconds(pid) {
  const out = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = tid === String(pid) ? 'main' : `${readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()}:${tid}`;
      out.set(name, (out.get(name) ?? 0) + statCpuSeconds(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      // the thread exited
    }
  }
  return out;
}

if (process.env.PROF_DIR) process.env.SLUICE_NODE_ARGS = `${process.env.SLUICE_NODE_ARGS ?? ''} --cpu-prof --cpu-prof-dir=${process.env.PROF_DIR}`;
for (const workers of RUNS) {
  const s = await startSluice(workers);
  try {
    await s.putPipeline('nginx', NGINX_PIPELINE);
    const cpu0 = cpuSecondsOf(s.pid);
    const threads0 = threadSeconds(s.pid);
    let next = 0;
    const client0 = process.cpuUsage();
    const t0 = performance.now();
    const loop = async () => {
      while (next < bodies.length) {
        const body = bodies[next++];
        const url = `${s.url}/v1/ingest?table=nginx&pipeline_name=nginx`;
        const [status, text] = await post(url, body);
        if (status !== 200) throw new Error(`HTTP ${status} ${text.slice(0, 300)}`);
      }
    };
    // PROF_MAIN: folded stacks of the main thread over the middle of the run (the server's /debug/prof/cpu).
    const prof = process.env.PROF_MAIN
      ? new Promise((r) => setTimeout(r, 2000)).then(async () => {
          const res = await fetch(`${s.url}/debug/prof/cpu?seconds=${process.env.PROF_SECONDS ?? 6}&output=flamegraph`, { method: 'POST' });
          writeFileSync(`${process.env.PROF_MAIN}.${workers}.folded`, await res.text());
        })
      : undefined;
    await Promise.all(Array.from({ length: CLIENTS }, loop));
    await prof;
    const wall = (performance.now() - t0) / 1000;
    const clientCpu = process.cpuUsage(client0);
    const cpu = cpuSecondsOf(s.pid) - cpu0;
    const threads = [...threadSeconds(s.pid)].map(([k, v]) => [k, v - (threads0.get(k) ?? 0)]).filter(([, v]) => v >= 0.1);
    const count = (await s.rows('SELECT count(*) FROM nginx'))[0][0];
    if (count !== LINES) throw new Error(`count(*) ${count}, expected ${LINES}`);
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(
      `workers ${workers}: ${Math.round(LINES / wall).toLocaleString('en-US').padStart(9)} rows/s  cpu ${((cpu * 1e6) / LINES).toFixed(2)} s/1M rows  ` +
        `peak RSS ${Math.round(s.peakRss() / 1048576)} MiB  (${wall.toFixed(2)} s, load ${load}); this client ${((clientCpu.user + clientCpu.system) / LINES).toFixed(2)} CPU-s per 1M rows`,
    );
    console.log(`  by thread (s/1M rows): ${threads.sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${((v * 1e6) / LINES).toFixed(2)}`).join(', ')}`);
  } finally {
    await s.stop();
  }
}
