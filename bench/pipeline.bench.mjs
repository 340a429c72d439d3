// Pipeline engine throughput, single core, on the BUILT @sluice/pipeline-core (run `npm run build` first;
// `npm run bench` does). Prints lines/s of
//   (a) an nginx combined-log pipeline: dissect + date + declared transform, 200k generated lines;
//   (b) the built-in service_identity pipeline over 200k JSON objects (already parsed, as the server
//       hands them over);
// each run in batches of 1,000 items (one HTTP request's worth), plus peak RSS.
// Run: node --expose-gc bench/pipeline.bench.mjs   (SLUICE_PIPELINE_CORE=<path to index.js> overrides the import)
const entry = process.env.SLUICE_PIPELINE_CORE ?? new URL('../packages/pipeline-core/dist/index.js', import.meta.url).href;
const { parsePipeline, identityPipeline, Timestamp } = await import(entry.startsWith('/') ? `file://${entry}` : entry);

import { createRand, nginxLines, NGINX_PIPELINE } from './lib/nginx.mjs';
import { report } from './lib/report.mjs';

const results = [];

const N = 200_000;
const BATCH = 1_000;

const rand = createRand();
// Lines are split out of one request body, as the server does (flat sliced strings, not ropes).
const lines = nginxLines(N, rand).join('\n').split('\n');

const nginx = parsePipeline(NGINX_PIPELINE);

const now = Timestamp.fromMillis(Date.UTC(2024, 0, 1));

function measure(name, pipeline, items) {
  const warm = items.slice(0, 50_000);
  for (let i = 0; i < warm.length; i += BATCH) pipeline.run(warm.slice(i, i + BATCH), { now });
  globalThis.gc?.();
  let rows = 0;
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < items.length; i += BATCH) {
    const r = pipeline.run(items.slice(i, i + BATCH), { now });
    for (const t of r.tables) rows += t.rows.length;
  }
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  if (rows !== items.length) throw new Error(`${name}: expected ${items.length} rows, got ${rows}`);
  const rate = (x) => Math.round(items.length / x).toLocaleString('en-US').padStart(12);
  // Wall time is what a user sees; CPU time (this process, incl. GC threads) is steadier on a busy machine.
  results.push({ work: `pipeline library, one core: ${name}`, unit: 'lines/s', better: 'higher', values: { sluice: items.length / cpu } });
  console.log(`${name.padEnd(50)} ${rate(s)} lines/s wall  ${rate(cpu)} lines/CPU-s  (${items.length.toLocaleString('en-US')} in ${s.toFixed(3)} s)`);
}

measure('(a) nginx combined: dissect + date + transform', nginx, lines);
lines.length = 0;

const objects = Array.from({ length: N }, (_, i) => ({
  host: `web-${rand(20)}`,
  level: ['info', 'warn', 'error'][rand(3)],
  latency_ms: rand(2000) / 10,
  status: [200, 404, 500][rand(3)],
  message: `request ${i} served`,
  user: { id: rand(1000), plan: 'pro' },
  ok: rand(2) === 1,
}));

measure('(b) service_identity over JSON objects', identityPipeline(), objects);
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
report('pipeline', { title: 'pipeline library in-process, per CPU-second of one core', rows: results });
