import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoggerProvider, SimpleLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { OTLPLogExporter as LogsProto } from '@opentelemetry/exporter-logs-otlp-proto';
import { OTLPLogExporter as LogsJson } from '@opentelemetry/exporter-logs-otlp-http';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { OTLPMetricExporter as MetricsProto } from '@opentelemetry/exporter-metrics-otlp-proto';
import { OTLPMetricExporter as MetricsJson } from '@opentelemetry/exporter-metrics-otlp-http';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter as TracesProto } from '@opentelemetry/exporter-trace-otlp-proto';
import { OTLPTraceExporter as TracesJson } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { startTestServer, type TestServer } from './start-server.js';

describe('OTLP/HTTP with the OpenTelemetry JS SDK exporters', () => {
  let s: TestServer;
  let base: string;
  const resource = resourceFromAttributes({ 'service.name': 'acceptance', 'service.instance.id': 'i-1', 'host.name': 'box' });
  const sql = async (q: string) => {
    const res = await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: q }) });
    const body = (await res.json()) as { output?: { records?: { rows: unknown[][] } }[]; error?: string };
    if (res.status !== 200) throw new Error(body.error);
    return body.output![0]!.records!.rows;
  };

  beforeAll(async () => {
    s = await startTestServer();
    base = `${s.url}/v1/otlp`;
  });
  afterAll(() => s.close());

  it('logs: proto and JSON exporters (gzip on one) into opentelemetry_logs in GreptimeDB column order', async () => {
    for (const [Exp, tag, compression] of [[LogsProto, 'proto', 'gzip'], [LogsJson, 'json', 'none']] as const) {
      const exporter = new Exp({ url: `${base}/v1/logs`, headers: { 'x-service-db-name': 'public' }, compression: compression as never });
      const lp = new LoggerProvider({ resource, processors: [new SimpleLogRecordProcessor({ exporter })] });
      lp.getLogger('acc-logger', '1.2.3').emit({ severityText: 'INFO', severityNumber: 9, body: `hello ${tag}`, attributes: { k: 'v', n: 1 } });
      await lp.forceFlush();
      await lp.shutdown();
    }
    const cols = await sql("SELECT column_name FROM information_schema.columns WHERE table_name = 'opentelemetry_logs' ORDER BY ordinal_position");
    expect(cols.map((r) => r[0])).toEqual([
      'timestamp', 'trace_id', 'span_id', 'severity_text', 'severity_number', 'body', 'log_attributes', 'trace_flags',
      'scope_name', 'scope_version', 'scope_attributes', 'scope_schema_url', 'resource_attributes', 'resource_schema_url',
    ]);
    const rows = await sql('SELECT body, severity_text, severity_number, scope_name, scope_version, log_attributes, resource_attributes FROM opentelemetry_logs ORDER BY body');
    expect(rows.map((r) => r.slice(0, 5))).toEqual([
      ['hello json', 'INFO', 9, 'acc-logger', '1.2.3'],
      ['hello proto', 'INFO', 9, 'acc-logger', '1.2.3'],
    ]);
    const attrs = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(attrs(rows[0]![5])).toEqual({ k: 'v', n: 1 });
    expect(attrs(rows[1]![6])).toMatchObject({ 'service.name': 'acceptance' });
  });

  it('logs: x-service-log-table-name, extract keys, and a pipeline header', async () => {
    const exporter = new LogsProto({ url: `${base}/v1/logs`, headers: { 'x-service-log-table-name': 'app_logs', 'x-service-log-extract-keys': 'user,host.name' } });
    const lp = new LoggerProvider({ resource, processors: [new SimpleLogRecordProcessor({ exporter })] });
    lp.getLogger('t').emit({ body: 'login', attributes: { user: 'ann' } });
    await lp.forceFlush();
    await lp.shutdown();
    expect(await sql('SELECT body, "user", "host.name" FROM app_logs')).toEqual([['login', 'ann', 'box']]);

    const piped = new LogsJson({ url: `${base}/v1/logs`, headers: { 'x-service-log-table-name': 'piped_logs', 'x-service-pipeline-name': 'service_identity' } });
    const lp2 = new LoggerProvider({ resource, processors: [new SimpleLogRecordProcessor({ exporter: piped })] });
    lp2.getLogger('t').emit({ body: 'via pipeline', severityText: 'WARN', attributes: { a: 1 } });
    await lp2.forceFlush();
    await lp2.shutdown();
    expect(await sql('SELECT body, severity_text FROM piped_logs')).toEqual([['via pipeline', 'WARN']]);
  });

  it('metrics: counters, gauges and histograms translated the Prometheus way (proto and JSON)', async () => {
    for (const [Exp, suffix] of [[MetricsProto, 'p'], [MetricsJson, 'j']] as const) {
      const mp = new MeterProvider({ resource, readers: [new PeriodicExportingMetricReader({ exporter: new Exp({ url: `${base}/v1/metrics` }), exportIntervalMillis: 60_000 })] });
      const m = mp.getMeter('acc-meter');
      m.createCounter(`http.requests.${suffix}`).add(5, { 'http.route': '/a' });
      m.createHistogram(`latency.${suffix}`, { unit: 'ms' }).record(12.5);
      m.createGauge(`temp.${suffix}`, { unit: 'Cel' }).record(21.5, { room: 'lab' });
      await mp.forceFlush();
      await mp.shutdown();
    }
    for (const sfx of ['p', 'j']) {
      expect(await sql(`SELECT DISTINCT http_route, job, instance, service_value FROM http_requests_${sfx}_total`)).toEqual([['/a', 'acceptance', 'i-1', 5]]);
      expect(await sql(`SELECT DISTINCT room, service_value FROM temp_${sfx}_celsius`)).toEqual([['lab', 21.5]]);
      const buckets = await sql(`SELECT le, max(service_value) FROM latency_${sfx}_milliseconds_bucket GROUP BY le`);
      const byLe = new Map(buckets.map((r) => [r[0], r[1]]));
      expect(byLe.get('10')).toBe(0);
      expect(byLe.get('25')).toBe(1);
      expect(byLe.get('+Inf')).toBe(1);
      expect(await sql(`SELECT DISTINCT service_value FROM latency_${sfx}_milliseconds_sum`)).toEqual([[12.5]]);
      expect(await sql(`SELECT DISTINCT service_value FROM latency_${sfx}_milliseconds_count`)).toEqual([[1]]);
    }
    // host.name is not among the resource attributes promoted by default
    const cols = await sql("SELECT column_name FROM information_schema.columns WHERE table_name = 'http_requests_p_total'");
    expect(cols.map((r) => r[0])).not.toContain('host_name');
    const created = await (await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: 'SHOW CREATE TABLE http_requests_p_total' }) })).text();
    expect(created).toContain("'service.semantic.source' = 'otlp'");
  });

  it('metrics: promotion headers for all resource attributes and the scope', async () => {
    const exporter = new MetricsProto({ url: `${base}/v1/metrics`, headers: { 'x-service-otlp-metric-promote-all-resource-attrs': 'true', 'x-service-otlp-metric-promote-scope-attrs': 'true' } });
    const mp = new MeterProvider({ resource, readers: [new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 60_000 })] });
    mp.getMeter('scoped-meter', '0.9').createUpDownCounter('queue.depth').add(3);
    await mp.forceFlush();
    await mp.shutdown();
    expect(await sql('SELECT DISTINCT host_name, service_name, otel_scope_name, otel_scope_version, service_value FROM queue_depth')).toEqual([['box', 'acceptance', 'scoped-meter', '0.9', 3]]);
  });

  it('traces: default JSON attribute layout, service_trace_v1 flattened columns, proto and JSON exporters', async () => {
    for (const [Exp, table, pipeline] of [[TracesProto, 'opentelemetry_traces', undefined], [TracesJson, 'flat_traces', 'service_trace_v1']] as const) {
      const headers: Record<string, string> = { 'x-service-trace-table-name': table };
      if (pipeline) headers['x-service-pipeline-name'] = pipeline;
      const tp = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new Exp({ url: `${base}/v1/traces`, headers }))] });
      const tracer = tp.getTracer('acc-tracer');
      const parent = tracer.startSpan('parent', { attributes: { 'net.peer.ip': '10.0.0.1', n: 1 } });
      parent.end();
      tracer.startSpan('child', { attributes: { n: 2.5 } }).end();
      await tp.forceFlush().catch((e) => { throw new Error(`${e.message}: ${e.data}`); });
      await tp.shutdown();
    }
    const rows = await sql('SELECT span_name, service_name, span_kind, span_status_code, span_attributes FROM opentelemetry_traces ORDER BY span_name');
    expect(rows.map((r) => r.slice(0, 4))).toEqual([['child', 'acceptance', 'SPAN_KIND_INTERNAL', 'STATUS_CODE_UNSET'], ['parent', 'acceptance', 'SPAN_KIND_INTERNAL', 'STATUS_CODE_UNSET']]);
    const flat = await sql('SELECT span_name, "span_attributes.net.peer.ip", "span_attributes.n", "resource_attributes.service.name", length(trace_id), duration_nano >= 0 FROM flat_traces ORDER BY span_name');
    expect(flat).toEqual([['child', null, 2.5, 'acceptance', 32, true], ['parent', '10.0.0.1', 1, 'acceptance', 32, true]]);
    const types = await sql("SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'flat_traces' AND column_name = 'span_attributes.n'");
    expect(types).toEqual([['span_attributes.n', 'float64']]); // Int64 and Float64 in one batch widen
  });

  it('traces: an existing Int64 attribute column widens to Float64 when a later batch sends a double', async () => {
    const post = async (spanId: string, value: object) => {
      const span = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId, name: `s-${spanId}`, kind: 2, startTimeUnixNano: '1700000000000000000', endTimeUnixNano: '1700000000500000000', attributes: [{ key: 'n', value }] };
      const body = { resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] };
      const res = await s.fetch('/v1/otlp/v1/traces', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-service-pipeline-name': 'service_trace_v1', 'x-service-trace-table-name': 'widen_traces' } });
      return { status: res.status, body: (await res.json()) as { partialSuccess?: { rejectedSpans?: number } } };
    };
    const type = async () => sql("SELECT data_type FROM information_schema.columns WHERE table_name = 'widen_traces' AND column_name = 'span_attributes.n'");
    expect((await post('b7ad6b7169203401', { intValue: 7 })).status).toBe(200);
    expect(await type()).toEqual([['int64']]);
    const second = await post('b7ad6b7169203402', { doubleValue: 2.5 });
    expect(second.status).toBe(200);
    expect(second.body.partialSuccess?.rejectedSpans ?? 0).toBe(0);
    expect(await type()).toEqual([['float64']]);
    expect(await sql('SELECT span_name, "span_attributes.n" FROM widen_traces ORDER BY span_name')).toEqual([['s-b7ad6b7169203401', 7], ['s-b7ad6b7169203402', 2.5]]);
    // Integers keep going in; a string is still the misfit of its span alone.
    expect((await post('b7ad6b7169203403', { intValue: 9 })).body.partialSuccess?.rejectedSpans ?? 0).toBe(0);
    expect((await post('b7ad6b7169203404', { stringValue: 'x' })).body.partialSuccess?.rejectedSpans).toBe(1);
  });

  it('traces: a bad span is a partial success, the rest is written; malformed bodies are 400s', async () => {
    const good = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', name: 'ok', kind: 2, startTimeUnixNano: '1700000000000000000', endTimeUnixNano: '1700000000500000000', attributes: [{ key: 'n', value: { intValue: 1 } }] };
    const badId = { ...good, spanId: 'b7ad', name: 'short-id' };
    const badType = { ...good, spanId: 'b7ad6b7169203332', name: 'bad-type', attributes: [{ key: 'n', value: { stringValue: 'x' } }] };
    const body = { resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'svc' } }] }, scopeSpans: [{ spans: [good, badId, badType] }] }] };
    const res = await s.fetch('/v1/otlp/v1/traces', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-service-pipeline-name': 'service_trace_v1', 'x-service-trace-table-name': 'partial_traces' } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { partialSuccess: { rejectedSpans: number; errorMessage: string } };
    expect(answer.partialSuccess.rejectedSpans).toBe(2);
    expect(answer.partialSuccess.errorMessage).toMatch(/span 1: span_id must be 8 bytes/);
    expect(await sql('SELECT span_name, span_kind, "span_attributes.n", duration_nano FROM partial_traces')).toEqual([['ok', 'SPAN_KIND_SERVER', 1, 500000000]]);

    // Two requests racing to create the same column with different types: neither is a 4xx/5xx.
    const race = await Promise.all([{ intValue: 3 }, { doubleValue: 3.5 }].map(async (value, i) => {
      const b = { resourceSpans: [{ scopeSpans: [{ spans: [{ ...good, spanId: `b7ad6b716920334${i}`, attributes: [{ key: 'r', value }] }] }] }] };
      const r = await s.fetch('/v1/otlp/v1/traces', { method: 'POST', body: JSON.stringify(b), headers: { 'content-type': 'application/json', 'x-service-pipeline-name': 'service_trace_v1', 'x-service-trace-table-name': 'race_traces' } });
      return { status: r.status, body: (await r.json()) as { partialSuccess?: { rejectedSpans: number } } };
    }));
    expect(race.map((r) => r.status)).toEqual([200, 200]);
    const stored = Number((await sql('SELECT count(*) FROM race_traces'))[0]![0]);
    const refused = race.reduce((n, r) => n + (r.body.partialSuccess?.rejectedSpans ?? 0), 0);
    expect(stored + refused).toBe(2);

    const notJson = await s.fetch('/v1/otlp/v1/logs', { method: 'POST', body: '{nope', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toMatch(/not valid JSON/);
    const notProto = await s.fetch('/v1/otlp/v1/metrics', { method: 'POST', body: new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]), headers: { 'content-type': 'application/x-protobuf' } });
    expect(notProto.status).toBe(400);
    expect((await notProto.json()).error).toMatch(/ExportMetricsServiceRequest/);
    const badDb = await s.fetch('/v1/otlp/v1/logs', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', 'x-service-db-name': 'missing_db' } });
    expect(badDb.status).toBe(400);
    expect((await badDb.json()).error).toContain('missing_db');
  });
});
