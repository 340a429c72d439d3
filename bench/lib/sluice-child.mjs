// Runs the BUILT Sluice server in this (child) process, so a bench can measure its memory apart from the
// client's: `node sluice-child.mjs <dataHome> <pipelineWorkers>`; prints `READY <url>` and serves until
// it gets SIGTERM.
const entry = process.env.SLUICE_SERVER ?? new URL('../../packages/server/dist/index.js', import.meta.url).href;
const { startServer } = await import(entry.startsWith('/') ? `file://${entry}` : entry);

const [dataHome, workers] = process.argv.slice(2);
// SLUICE_BENCH_STORAGE: extra [storage] keys as JSON (the ClickHouse backend bench sets backend and [storage.clickhouse]).
const storage = process.env.SLUICE_BENCH_STORAGE ? JSON.parse(process.env.SLUICE_BENCH_STORAGE) : {};
// SLUICE_BENCH_CONFIG: other config sections as JSON (e.g. {"query":{"workers":0}}), merged over the defaults.
const extra = process.env.SLUICE_BENCH_CONFIG ? JSON.parse(process.env.SLUICE_BENCH_CONFIG) : {};
const server = await startServer({
  config: { ...extra, http: { addr: '127.0.0.1:0' }, storage: { ...storage, data_home: dataHome }, logging: { level: 'warn', log_format: 'json' } },
  ...(workers === undefined || workers === 'default' ? {} : { pipelineWorkers: Number(workers) }),
});
// Steady state: the query and pipeline workers have loaded (as a peer server has started) before any clock starts.
await server.workersReady(60_000);
process.stdout.write(`READY ${server.url}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
