// End-to-end ingest throughput over HTTP on the BUILT @sluice/server (run `npm run build` first;
// `npm run bench` does). Starts Sluice in-process on a free port with a temp data home, then POSTs
// generated nginx access-log lines to /v1/ingest (text/plain, 1,000 lines per request, 8 requests in
// flight) through the nginx pipeline (dissect + date + declared transform), and the same number of
// JSON objects through service_identity (application/json). Prints lines/s (request start to last
// response: HTTP, body parsing, pipeline, LMDB write) and peak RSS.
// Run: node --expose-gc bench/server.bench.mjs   (SLUICE_SERVER=<path to index.js> overrides the import;
// SLUICE_BENCH_WORKERS=N runs pipelines on N worker threads; SLUICE_BENCH_REQUESTS=N sets the request count)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRand, nginxLines, NGINX_PIPELINE, paths } from './lib/nginx.mjs';

const entry = process.env.SLUICE_SERVER ?? new URL('../packages/server/dist/index.js', import.meta.url).href;
const { startServer } = await import(entry.startsWith('/') ? `file://${entry}` : entry);

const REQUESTS = Number(process.env.SLUICE_BENCH_REQUESTS ?? 200);
const BATCH = 1_000;
const CONCURRENCY = 8;
const WORKERS = Number(process.env.SLUICE_BENCH_WORKERS ?? 0);

const rand = createRand();
// A handful of distinct bodies, reused round-robin (generation stays out of the measurement).
const allLines = nginxLines(16 * BATCH, rand);
const textBodies = Array.from({ length: 16 }, (_, i) => allLines.slice(BATCH * i, BATCH * (i + 1)).join('\n'));
const jsonBodies = Array.from({ length: 16 }, () =>
  JSON.stringify(Array.from({ length: BATCH }, () => ({ host: `web-${rand(20)}`, level: ['info', 'warn', 'error'][rand(3)], latency_ms: rand(2000), path: paths[rand(paths.length)], ok: rand(2) === 1 }))),
);

const PIPELINE = NGINX_PIPELINE;

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

async function run(server, label, url, bodies, contentType) {
  let next = 0;
  let rows = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < REQUESTS) {
      const i = next++;
      const res = await fetch(url, { method: 'POST', body: bodies[i % bodies.length], headers: { 'content-type': contentType } });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status} ${JSON.stringify(body)}`);
      rows += body.output.reduce((n, o) => n + o.affectedrows, 0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const s = (performance.now() - start) / 1000;
  console.log(`${label.padEnd(34)} ${String(rows).padStart(8)} rows  ${s.toFixed(2).padStart(6)} s  ${Math.round(rows / s).toLocaleString('en-US').padStart(10)} lines/s`);
}

const dataHome = mkdtempSync(join(tmpdir(), 'sluice-bench-'));
const server = await startServer({ config: { http: { addr: '127.0.0.1:0' }, storage: { data_home: dataHome }, logging: { level: 'warn', log_format: 'json' } }, pipelineWorkers: WORKERS });
try {
  const up = await fetch(`${server.url}/v1/pipelines/nginx`, { method: 'POST', body: PIPELINE, headers: { 'content-type': 'application/x-yaml' } });
  if (up.status !== 200) throw new Error(`upload failed: ${await up.text()}`);
  console.log(`${REQUESTS} requests x ${BATCH} lines, ${CONCURRENCY} in flight, ${WORKERS} pipeline workers, Node ${process.version}`);
  await run(server, 'nginx pipeline, text/plain', `${server.url}/v1/ingest?table=nginx&pipeline_name=nginx`, textBodies, 'text/plain');
  await run(server, 'service_identity, application/json', `${server.url}/v1/ingest?table=events&pipeline_name=service_identity`, jsonBodies, 'application/json');
  console.log(`peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MiB`);
} finally {
  clearInterval(sampler);
  await server.close();
  rmSync(dataHome, { recursive: true, force: true });
}
