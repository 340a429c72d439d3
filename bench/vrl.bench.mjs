// VRL throughput, single core, on the BUILT @sluice/pipeline-core (run `npm run build` first;
// `npm run bench` does). Prints records/s of
//   (a) a 5-statement VRL program run directly (compileVrl(...).run per record);
//   (b) the same program as a pipeline `vrl` processor (parsePipeline + run, batches of 1,000,
//       including the transform into rows);
// over 200k generated JSON records, plus peak RSS. Target: 300k records/s for (a).
// Run: node --expose-gc bench/vrl.bench.mjs   (SLUICE_PIPELINE_CORE=<path to index.js> overrides the import)
const entry = process.env.SLUICE_PIPELINE_CORE ?? new URL('../packages/pipeline-core/dist/index.js', import.meta.url).href;
const { compileVrl, parsePipeline, Timestamp } = await import(entry.startsWith('/') ? `file://${entry}` : entry);

import { report } from './lib/report.mjs';

const N = 200_000;
const rows = [];
const BATCH = 1_000;
const ROUNDS = 5;

let seed = 7;
const rand = (n) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};
const levels = ['info', 'INFO', 'warn', 'error', 'debug'];
const make = () =>
  Array.from({ length: N }, (_, i) => ({
    message: `  request ${i} handled by worker ${rand(16)}  `,
    level: levels[rand(levels.length)],
    status: String([200, 200, 201, 404, 500][rand(5)]),
    duration_ms: rand(3000) / 3,
    host: `web-${rand(8)}`,
    raw: 'x'.repeat(40),
  }));

const SOURCE = `.message = strip_whitespace(string!(.message))
.level = upcase(string(.level) ?? "info")
.status = to_int(.status) ?? 0
.slow = (to_float(.duration_ms) ?? 0) > 1000
del(.raw)
.`;

const program = compileVrl(SOURCE);
const ctx = { now: Timestamp.fromMillis(Date.now()) };
const check = program.run(make()[0], ctx).result;
if (typeof check.status !== 'number' || 'raw' in check) throw new Error(`unexpected result ${JSON.stringify(check)}`);

function measure(name, fn) {
  let best = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const records = make();
    globalThis.gc?.();
    const t0 = process.hrtime.bigint();
    fn(records);
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    best = Math.max(best, N / s);
  }
  rows.push({ work: `VRL, one core: ${name}`, unit: 'records/s', better: 'higher', values: { sluice: best } });
  console.log(`${name.padEnd(60)} ${Math.round(best).toLocaleString('en-US').padStart(12)} records/s (best of ${ROUNDS})`);
}

measure('compileVrl: 5-statement program, run per record', (records) => {
  for (let i = 0; i < records.length; i++) program.run(records[i], ctx);
});

const pipeline = parsePipeline(`
processors:
  - vrl:
      source: |
${SOURCE.split('\n').map((l) => `        ${l}`).join('\n')}
transform:
  - fields: [message, level, host]
    type: string
  - fields: status
    type: int32
  - fields: slow
    type: boolean
  - fields: duration_ms
    type: float64
`);
measure('pipeline: vrl processor + transform, batches of 1,000', (records) => {
  for (let i = 0; i < records.length; i += BATCH) pipeline.run(records.slice(i, i + BATCH), { now: ctx.now });
});
console.log(`peak RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`);
report('vrl', { title: 'VRL in-process, one core', rows });
