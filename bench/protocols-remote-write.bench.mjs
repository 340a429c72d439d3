// Prometheus remote write ingest, Sluice side by side with Prometheus's own receiver
// (`--web.enable-remote-write-receiver`) and VictoriaMetrics, on the same pre-encoded bodies: batches of
// 2,000 samples (200 series x 10 samples, snappy + protobuf WriteRequest), 4 requests in flight, each
// in-flight worker owning its series so timestamps only go forward (Prometheus rejects out-of-order).
// Every server is a separate process on 127.0.0.1. Then OTLP/HTTP traces into Sluice (protobuf, 500 spans a request; default layout and service_trace_v1).
// Prints samples/s and spans/s with the ratios Sluice / peer. Needs the BUILT server (`npm run build`)
// and Debian `prometheus` and `victoria-metrics` (a missing peer is reported and skipped).
// Every server first gets RW_WARMUP (default 40) bodies of the same size on other metrics
// (`warmup_metric_*`, so Prometheus sees no out-of-order samples) and is left to go idle: Sluice's main
// thread, where remote write decodes, has compiled its code paths before the timed part, as the
// line-protocol bench does (runs before 2026-11-29 had no warm-up). RW_WARMUP=0 measures a fresh process.
// Run: node bench/protocols-remote-write.bench.mjs   (SLUICE_BENCH_REQUESTS=N: requests per target, default 200)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpuSecondsOrUndefined, settleCpu } from './lib/proc.mjs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import SnappyJS from 'snappyjs';
import { report } from './lib/report.mjs';

// Sluice runs as its own process, like the peers, so the load generator does not share its event loop.
const SLUICE_MAIN = process.env.SLUICE_MAIN ?? new URL('../packages/server/dist/main.js', import.meta.url).pathname;

const REQUESTS = Number(process.env.SLUICE_BENCH_REQUESTS ?? 200);
const WARMUP = Number(process.env.RW_WARMUP ?? 40);
const CONCURRENCY = 4;
const SERIES = 200;
const PER_SERIES = 10;
const SPANS_PER_REQUEST = 500;
const TRACE_REQUESTS = Math.max(10, Math.round(REQUESTS / 4));

const prompb = protobuf.parse(`syntax = "proto3";
message Label { string name = 1; string value = 2; } message Sample { double value = 1; int64 timestamp = 2; }
message TimeSeries { repeated Label labels = 1; repeated Sample samples = 2; }
message WriteRequest { repeated TimeSeries timeseries = 1; }`).root.lookupType('WriteRequest');
const otlp = protobuf.parse(`syntax = "proto3";
message AnyValue { oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4; } }
message KeyValue { string key = 1; AnyValue value = 2; }
message Resource { repeated KeyValue attributes = 1; }
message Scope { string name = 1; string version = 2; }
message Status { string message = 2; int32 code = 3; }
message Span { bytes trace_id = 1; bytes span_id = 2; bytes parent_span_id = 4; string name = 5; int32 kind = 6;
  fixed64 start_time_unix_nano = 7; fixed64 end_time_unix_nano = 8; repeated KeyValue attributes = 9; Status status = 15; }
message ScopeSpans { Scope scope = 1; repeated Span spans = 2; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }`).root.lookupType('ExportTraceServiceRequest');

let seed = 42;
const rand = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);

// Worker w's k-th body: its own 200 series, 10 samples each, 1 s apart, after its (k-1)-th body; metric
// names `${prefix}_${j % 20}` (the warm-up's series are others, so Prometheus sees nothing out of order).
const base = Date.now() - 3_600_000;
const perWorker = Math.ceil(REQUESTS / CONCURRENCY);
const encodeBodies = (prefix, count) =>
  Array.from({ length: CONCURRENCY }, (_, w) =>
    Array.from({ length: count }, (_, k) => {
      const timeseries = Array.from({ length: SERIES }, (_, j) => ({
        labels: [
          { name: '__name__', value: `${prefix}_${j % 20}` },
          { name: 'code', value: ['200', '404', '500'][j % 3] },
          { name: 'instance', value: `host-${w}-${j}:9100` },
          { name: 'job', value: 'bench' },
        ],
        samples: Array.from({ length: PER_SERIES }, (_, s) => ({ value: rand(100000) / 10, timestamp: base + (k * PER_SERIES + s) * 1000 })),
      }));
      return SnappyJS.compress(prompb.encode({ timeseries }).finish());
    }),
  );
const bodies = encodeBodies('bench_metric', perWorker);
const warmupBodies = encodeBodies('warmup_metric', Math.ceil(WARMUP / CONCURRENCY));

const hex = (bytes) => Buffer.from(Array.from({ length: bytes }, () => rand(256)));
const traceBodies = Array.from({ length: 8 }, () => {
  const now = BigInt(Date.now()) * 1_000_000n;
  const spans = Array.from({ length: SPANS_PER_REQUEST }, (_, i) => ({
    traceId: hex(16), spanId: hex(8), parentSpanId: i % 5 === 0 ? Buffer.alloc(0) : hex(8), name: ['GET /a', 'SELECT', 'render'][i % 3], kind: 1 + (i % 3),
    startTimeUnixNano: (now + BigInt(i) * 1000n).toString(), endTimeUnixNano: (now + BigInt(i) * 1000n + BigInt(rand(5_000_000))).toString(),
    attributes: [{ key: 'http.method', value: { stringValue: 'GET' } }, { key: 'http.status_code', value: { intValue: 200 } }, { key: 'net.peer.ip', value: { stringValue: `10.0.0.${i % 250}` } }],
    status: { code: i % 50 === 0 ? 2 : 0 },
  }));
  return otlp.encode({ resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'bench' } }] }, scopeSpans: [{ scope: { name: 'bench' }, spans }] }] }).finish();
});

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitReady(url) {
  // Up to 2 minutes: a server starting on a loaded machine can take half a minute.
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready: ${url}`);
}

function startPeer(bin, args) {
  const child = spawn(bin, args, { stdio: 'ignore' });
  const exited = new Promise((r) => child.once('exit', r));
  return { pid: child.pid, stop: async () => { child.kill('SIGTERM'); const t = setTimeout(() => child.kill('SIGKILL'), 10_000); await exited; clearTimeout(t); } };
}

const cpuSeconds = cpuSecondsOrUndefined;

/** The warm-up bodies (full size, metrics `warmup_metric_*`), then a wait until the server is idle. */
async function warmUp(peer, url) {
  await settleCpu(peer.pid);
  if (WARMUP > 0) await postAll(url, warmupBodies, rwHeaders, 204);
  await settleCpu(peer.pid);
}

/** postAll, also measuring the CPU seconds `peer` used meanwhile. */
async function postAllCpu(peer, ...args) {
  const c0 = cpuSeconds(peer.pid);
  const secs = await postAll(...args);
  const c1 = cpuSeconds(peer.pid);
  return { secs, cpu: c0 === undefined || c1 === undefined ? undefined : c1 - c0 };
}

async function postAll(url, perWorkerBodies, headers, okStatus) {
  const start = performance.now();
  await Promise.all(perWorkerBodies.map(async (list) => {
    for (const body of list) {
      const res = await fetch(url, { method: 'POST', body, headers });
      if (res.status !== okStatus) throw new Error(`${url}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
      await res.arrayBuffer();
    }
  }));
  return (performance.now() - start) / 1000;
}

const rwHeaders = { 'content-type': 'application/x-protobuf', 'content-encoding': 'snappy', 'x-prometheus-remote-write-version': '0.1.0' };
const samples = CONCURRENCY * perWorker * SERIES * PER_SERIES;
const results = {};
const line = (label, n, s, unit, cpu) =>
  console.log(
    `${label.padEnd(44)} ${String(n).padStart(8)} ${unit}  ${s.toFixed(2).padStart(6)} s  ${Math.round(n / s).toLocaleString('en-US').padStart(10)} ${unit}/s` +
      (cpu === undefined ? '' : `  ${cpu.toFixed(2).padStart(6)} CPU-s  ${Math.round(n / cpu).toLocaleString('en-US').padStart(10)} ${unit}/CPU-s`),
  );

console.log(`remote write: ${CONCURRENCY * perWorker} requests x ${SERIES * PER_SERIES} samples, ${CONCURRENCY} in flight, warm-up ${warmupBodies.flat().length} bodies, Node ${process.version}`);
const dir = mkdtempSync(join(tmpdir(), 'sluice-rw-bench-'));
try {
  // Sluice
  const sluicePort = await freePort();
  const sluice = startPeer(process.env.SLUICE_BIN ?? process.execPath, [...(process.env.SLUICE_BIN ? [] : [SLUICE_MAIN]), 'standalone', 'start', '--http-addr', `127.0.0.1:${sluicePort}`, '--data-home', join(dir, 'sluice')]);
  const server = { url: `http://127.0.0.1:${sluicePort}` };
  try {
    await waitReady(`${server.url}/health`);
    await warmUp(sluice, `${server.url}/v1/metricsapi/write`);
    const { secs: s, cpu } = await postAllCpu(sluice, `${server.url}/v1/metricsapi/write`, bodies, rwHeaders, 204);
    results.sluice = samples / s;
    results.cpu = { sluice: cpu && samples / cpu };
    line('Sluice /v1/metricsapi/write', samples, s, 'samples', cpu);
    // The same into fresh tables created with skip_wal (no wait for the disk flush per request), which
    // is closer to what Prometheus and VictoriaMetrics acknowledge (neither fsyncs per request).
    await fetch(`${server.url}/v1/sql`, { method: 'POST', body: new URLSearchParams({ sql: 'CREATE DATABASE IF NOT EXISTS nowal' }) });
    const { secs: s2, cpu: cpu2 } = await postAllCpu(sluice, `${server.url}/v1/metricsapi/write?db=nowal`, bodies, { ...rwHeaders, 'x-service-hints': 'skip_wal=true' }, 204);
    results.sluiceSkipWal = samples / s2;
    results.cpu.sluiceSkipWal = cpu2 && samples / cpu2;
    line('Sluice, tables with skip_wal=true', samples, s2, 'samples', cpu2);
    for (const [label, headers] of [['Sluice OTLP traces (JSON attribute layout)', {}], ['Sluice OTLP traces (service_trace_v1)', { 'x-service-pipeline-name': 'service_trace_v1', 'x-service-trace-table-name': 'flat_traces' }]]) {
      const list = Array.from({ length: CONCURRENCY }, (_, w) => Array.from({ length: Math.ceil(TRACE_REQUESTS / CONCURRENCY) }, (_, k) => traceBodies[(w + k) % traceBodies.length]));
      const n = list.flat().length * SPANS_PER_REQUEST;
      const t = await postAll(`${server.url}/v1/otlp/v1/traces`, list, { 'content-type': 'application/x-protobuf', ...headers }, 200);
      line(label, n, t, 'spans');
      (results.spans ??= []).push({ label, perSecond: n / t });
    }
  } finally {
    await sluice.stop();
  }
  // Prometheus's receiver
  if (existsSync('/usr/bin/prometheus')) {
    const port = await freePort();
    const cfg = join(dir, 'prom.yml');
    (await import('node:fs')).writeFileSync(cfg, 'global: {scrape_interval: 1h}\n');
    const p = startPeer('/usr/bin/prometheus', [`--config.file=${cfg}`, `--storage.tsdb.path=${join(dir, 'prom')}`, `--web.listen-address=127.0.0.1:${port}`, '--web.enable-remote-write-receiver']);
    try {
      await waitReady(`http://127.0.0.1:${port}/-/ready`);
      await warmUp(p, `http://127.0.0.1:${port}/api/v1/write`);
      const { secs: s, cpu } = await postAllCpu(p, `http://127.0.0.1:${port}/api/v1/write`, bodies, rwHeaders, 204);
      results.prometheus = samples / s;
      results.cpu.prometheus = cpu && samples / cpu;
      line('Prometheus 2.42 /api/v1/write', samples, s, 'samples', cpu);
    } finally {
      await p.stop();
    }
  } else console.log('Prometheus: /usr/bin/prometheus not installed, skipped');
  // VictoriaMetrics
  if (existsSync('/usr/bin/victoria-metrics')) {
    const port = await freePort();
    const p = startPeer('/usr/bin/victoria-metrics', [`-storageDataPath=${join(dir, 'vm')}`, `-httpListenAddr=127.0.0.1:${port}`, '-retentionPeriod=100y']);
    try {
      await waitReady(`http://127.0.0.1:${port}/health`);
      await warmUp(p, `http://127.0.0.1:${port}/api/v1/write`);
      const { secs: s, cpu } = await postAllCpu(p, `http://127.0.0.1:${port}/api/v1/write`, bodies, rwHeaders, 204);
      results.victoriametrics = samples / s;
      results.cpu.victoriametrics = cpu && samples / cpu;
      line('VictoriaMetrics /api/v1/write', samples, s, 'samples', cpu);
    } finally {
      await p.stop();
    }
  } else console.log('VictoriaMetrics: /usr/bin/victoria-metrics not installed, skipped');
  for (const peer of ['prometheus', 'victoriametrics']) {
    if (results[peer]) console.log(`ratio Sluice / ${peer}: ${(results.sluice / results[peer]).toFixed(2)}x (skip_wal: ${(results.sluiceSkipWal / results[peer]).toFixed(2)}x)`);
    const c = results.cpu;
    if (c[peer] && c.sluice) console.log(`ratio per CPU-second Sluice / ${peer}: ${(c.sluice / c[peer]).toFixed(2)}x (skip_wal: ${(c.sluiceSkipWal / c[peer]).toFixed(2)}x)`);
  }
  const values = { sluice: Math.round(results.sluice) };
  if (results.prometheus) values.prometheus = Math.round(results.prometheus);
  if (results.victoriametrics) values.victoriametrics = Math.round(results.victoriametrics);
  report('protocols-remote-write', {
    title: `Prometheus remote write, ${SERIES * PER_SERIES}-sample batches, ${CONCURRENCY} in flight, each server its own process`,
    rows: [
      { work: 'remote write (durable)', unit: 'samples/s', better: 'higher', values },
      { work: 'remote write (skip_wal tables)', unit: 'samples/s', better: 'higher', values: { ...values, sluice: Math.round(results.sluiceSkipWal) } },
      ...(results.spans ?? []).map((x) => ({ work: x.label.replace(/^Sluice /, ''), unit: 'spans/s', better: 'higher', values: { sluice: Math.round(x.perSecond) } })),
    ],
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
