// `npm run bench`: runs the benches below, each in its own process (so each reports its own memory), then
// prints one table of figures and ratios, writes bench/results/latest.json and draws
// bench/results/throughput.png. Register a bench with one line in BENCHES; a bench reports its figures
// with lib/report.mjs. Pass a name fragment to run a subset: `npm run bench -- peers`.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { cpus, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { barChartSvg, svgToPng } from './lib/chart.mjs';

const BENCHES = [
  'peers.bench.mjs', // Sluice vs ClickHouse 18.16 (HTTP) and DuckDB: log ingest, six log queries, disk, RSS
  'promql.bench.mjs', // PromQL range queries vs Prometheus
  'protocols-lineproto.bench.mjs', // line-protocol ingest vs InfluxDB and VictoriaMetrics
  'protocols-remote-write.bench.mjs', // remote write vs Prometheus and VictoriaMetrics, OTLP traces
  'pipeline.bench.mjs', // the pipeline library per core: nginx pipeline, service_identity
  'vrl.bench.mjs', // VRL per core
  'server.bench.mjs', // HTTP ingest through the server, in-process
  'storage.bench.mjs', // the store alone: writes, scans, bytes on disk
  'sql.bench.mjs', // the query engine in-process vs DuckDB
  'date-parse.bench.mjs', // strptime fast path
  'startup.bench.mjs', // start-up: first /health and first query, /health while the server and its workers load (issue 18)
  'load.bench.mjs', // 60 s load at 70% of the maximum, /health p99 beside each pathological request (issue 18)
  'clickhouse-backend.bench.mjs', // Sluice on ClickHouse: ingest with 1 and 2 servers vs LMDB, six log queries vs ClickHouse direct
];

const filter = process.argv[2] ?? '';
const here = new URL('.', import.meta.url).pathname;
const resultsDir = mkdtempSync(join(tmpdir(), 'sluice-bench-results-'));
const started = new Date();
const runs = [];
for (const f of BENCHES.filter((b) => b.includes(filter))) {
  console.log(`\n=== ${f} ===`);
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--expose-gc', join(here, f)], { stdio: 'inherit', env: { ...process.env, SLUICE_BENCH_RESULTS: resultsDir } });
  runs.push({ bench: f, exitCode: r.status, seconds: Math.round((performance.now() - t) / 100) / 10 });
}

const results = {};
for (const f of readdirSync(resultsDir)) results[f.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(resultsDir, f), 'utf8'));
rmSync(resultsDir, { recursive: true, force: true });

const machine = { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, memGiB: Math.round(totalmem() / 2 ** 30), os: `${platform()} ${release()}`, node: process.version };
const command = `npm run bench${filter ? ` -- ${filter}` : ''}`;

// ---- the table: each row's figures, and Sluice's ratio to every peer (>1 means Sluice is better) ----
const fmt = (x) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));
console.log(`\n=== summary (${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; ratio > 1: Sluice better) ===`);
for (const [name, res] of Object.entries(results)) {
  console.log(`\n${res.title} [${name}]`);
  for (const r of res.rows) {
    const v = r.values;
    const peers = Object.keys(v).filter((k) => k !== 'sluice');
    const ratio = peers.map((p) => {
      const x = r.better === 'higher' ? v.sluice / v[p] : v[p] / v.sluice;
      return `${x.toFixed(2)}x vs ${p}`;
    });
    r.ratios = Object.fromEntries(peers.map((p) => [p, r.better === 'higher' ? v.sluice / v[p] : v[p] / v.sluice]));
    const figs = Object.entries(v).map(([k, x]) => `${k} ${fmt(x)}`).join(' · ');
    console.log(`  ${r.work.padEnd(58)} ${figs} ${r.unit}${ratio.length ? `   (${ratio.join(', ')})` : ''}${r.note ? ` [${r.note}]` : ''}`);
  }
}

const outDir = join(here, 'results');
const latest = { startedAt: started.toISOString(), command, machine, runs, results };
writeFileSync(join(outDir, 'latest.json'), JSON.stringify(latest, null, 2) + '\n');

// ---- the chart: throughputs (rows/s, lines/s) per system, and the query latencies ----
const all = Object.values(results).flatMap((r) => r.rows);
const panels = [
  { title: 'Ingest and pipeline throughput (higher is better)', unit: 'rows/s', rows: all.filter((r) => r.unit === 'rows/s' || r.unit === 'lines/s') },
  { title: 'Log queries, median latency (lower is better)', unit: 'ms', rows: all.filter((r) => r.unit === 'ms' && r.work.startsWith('query:')).map((r) => ({ ...r, work: r.work.slice(7).slice(0, 44) })) },
].filter((p) => p.rows.length > 0);
if (panels.length > 0 && existsSync(outDir)) {
  const caption = `${command} · ${started.toISOString().slice(0, 16)}Z · ${machine.cpu}, ${machine.cores} cores, ${machine.memGiB} GiB · Node ${machine.node}`;
  writeFileSync(join(outDir, 'throughput.png'), svgToPng(barChartSvg(panels, caption)));
  console.log(`\nwrote bench/results/latest.json and bench/results/throughput.png`);
}
process.exit(runs.every((r) => r.exitCode === 0) ? 0 : 1);
