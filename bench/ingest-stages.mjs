// The stages of one nginx ingest request in process, CPU s per 1M rows each (no HTTP, no worker threads):
//   split     the body into lines (as parseItems does for text/plain)
//   pipeline  the nginx pipeline (dissect + date + transform) over those lines
//   encode    encodeAppendWrite: what a pipeline worker adds (prepare, sort, cut, encode the chunks)
//   commit    store.write of the encoded request (the main thread's part with pipelineWorkers > 0)
//   write     store.write of the rows (pipelineWorkers 0: prepare + encode + commit in the store)
// BUILDS compares builds in one process, request by request in turn (paired figures on a busy machine):
// each is a checkout root with built packages (e.g. a copy of main's), `.` is this one.
// Run: npm run build && node bench/ingest-stages.mjs   Env: SLUICE_BENCH_LINES (200000), ROUNDS (3),
//      BUILDS (comma-separated roots, default `.`), PROF (file: a CPU profile of the rounds).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRand, nginxLines, NGINX_PIPELINE } from './lib/nginx.mjs';

const LINES = Number(process.env.SLUICE_BENCH_LINES ?? 200_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const BATCH = 1000;
const here = new URL('..', import.meta.url).pathname;
const roots = (process.env.BUILDS ?? '.').split(',').map((r) => (r === '.' ? here : resolve(r)));
const lines = nginxLines(LINES, createRand());
const bodies = [];
for (let i = 0; i < LINES; i += BATCH) bodies.push(lines.slice(i, i + BATCH).join('\n'));
const req = (table, t, extra = {}) => ({ db: 'public', table, schema: t.schema, rows: t.rows, options: { append_mode: true }, ...extra });

const builds = [];
for (const root of roots) {
  const { openLmdbStore } = await import(`file://${root}/packages/storage/dist/index.js`);
  const { encodeAppendWrite } = await import(`file://${root}/packages/storage/dist/encode.js`);
  // (The pipeline library beside that build: its Timestamp class is the one its store checks values against.)
  const { parsePipeline } = await import(`file://${root}/packages/pipeline-core/dist/index.js`);
  const pipeline = parsePipeline(NGINX_PIPELINE);
  const home = mkdtempSync(join(tmpdir(), 'ingest-stages-'));
  const store = await openLmdbStore({ dataHome: home, ttlSweepIntervalMs: 0, noSync: true });
  // The tables exist before any clock starts (a worker encodes only for an existing table).
  const first = pipeline.run(bodies[0].split(/\r?\n/)).tables[0];
  await store.write([req('enc', first), req('rows', first)]);
  const layout = store.writeLayout('public', 'enc');
  builds.push({ root, home, store, pipeline, encodeAppendWrite, layout, total: { split: 0, pipeline: 0, encode: 0, commit: 0, write: 0 } });
}
if (process.env.PROF) { const { Session } = await import('node:inspector/promises'); globalThis.sess = new Session(); sess.connect(); await sess.post('Profiler.enable'); await sess.post('Profiler.setSamplingInterval', { interval: 200 }); await sess.post('Profiler.start'); }

const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
for (let r = 0; r < ROUNDS; r++) {
  for (const body of bodies) {
    for (const b of builds) {
      const total = b.total;
      let c = cpu();
      const items = body.split(/\r?\n/).filter((l) => l.trim() !== '');
      let d = cpu(); total.split += d - c; c = d;
      const t = b.pipeline.run(items).tables[0];
      d = cpu(); total.pipeline += d - c; c = d;
      const encoded = b.encodeAppendWrite(b.layout, t);
      if (encoded === undefined) throw new Error('not encoded ahead');
      d = cpu(); total.encode += d - c; c = d;
      await b.store.write([req('enc', t, { encoded })]);
      d = cpu(); total.commit += d - c; c = d;
      await b.store.write([req('rows', t)]);
      d = cpu(); total.write += d - c;
    }
  }
}
if (process.env.PROF) { const { profile } = await sess.post('Profiler.stop'); writeFileSync(process.env.PROF, JSON.stringify(profile)); }
const per = (ms) => ((ms / (LINES * ROUNDS)) * 1e3).toFixed(2).padStart(7);
console.log(`CPU s per 1M rows (${ROUNDS} x ${LINES.toLocaleString('en-US')} rows, load ${loadavg().map((x) => x.toFixed(2)).join(' ')})`);
console.log(`${'stage'.padEnd(10)}${builds.map((b, i) => `build ${i}`.padStart(9)).join('')}${builds.length === 2 ? '   1/0' : ''}`);
const rowsOf = (t) => ({ ...t, worker: t.split + t.pipeline + t.encode, 'one core': t.split + t.pipeline + t.write });
const all = builds.map((b) => rowsOf(b.total));
for (const k of Object.keys(all[0])) console.log(`${k.padEnd(10)}${all.map((t) => per(t[k]).padStart(9)).join('')}${all.length === 2 ? `  ${(all[1][k] / all[0][k]).toFixed(2)}` : ''}`);
builds.forEach((b, i) => console.log(`build ${i}: ${b.root}`));
console.log('(worker: split + pipeline + encode, with commit on the main thread; one core: split + pipeline + write)');
for (const b of builds) {
  await b.store.close();
  rmSync(b.home, { recursive: true, force: true });
}
