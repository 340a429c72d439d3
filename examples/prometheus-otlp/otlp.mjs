// One log record, a counter, a histogram and a span through the OpenTelemetry JS SDK's OTLP/HTTP
// exporters (protobuf) into Sluice, then the tables they landed in, read back with SQL.
// Usage: SLUICE_URL=http://127.0.0.1:4000 node examples/prometheus-otlp/otlp.mjs
import { LoggerProvider, SimpleLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-proto';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';

const url = process.env.SLUICE_URL ?? 'http://127.0.0.1:4000';
const base = `${url}/v1/otlp`;
const headers = { 'x-service-db-name': 'public' };
const resource = resourceFromAttributes({ 'service.name': 'checkout', 'service.instance.id': 'pod-1' });

const logs = new LoggerProvider({ resource, processors: [new SimpleLogRecordProcessor({ exporter: new OTLPLogExporter({ url: `${base}/v1/logs`, headers }) })] });
logs.getLogger('example').emit({ severityText: 'INFO', severityNumber: 9, body: 'order placed', attributes: { order_id: 'o-1' } });
await logs.shutdown();

const metrics = new MeterProvider({ resource, readers: [new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter({ url: `${base}/v1/metrics`, headers }), exportIntervalMillis: 60_000 })] });
const meter = metrics.getMeter('example');
meter.createCounter('orders.placed').add(3, { 'payment.method': 'card' });
meter.createHistogram('checkout.duration', { unit: 's' }).record(0.42);
await metrics.shutdown();

const traces = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${base}/v1/traces`, headers: { ...headers, 'x-service-pipeline-name': 'service_trace_v1' } }))] });
traces.getTracer('example').startSpan('POST /checkout', { attributes: { 'http.status_code': 201 } }).end();
await traces.shutdown();

const sql = async (q) => (await (await fetch(`${url}/v1/sql`, { method: 'POST', body: new URLSearchParams({ sql: q, format: 'table' }) })).text()).trimEnd();
console.log(await sql("SELECT DISTINCT body, severity_text, scope_name FROM opentelemetry_logs WHERE body = 'order placed'"));
console.log(await sql('SELECT DISTINCT job, instance, payment_method, service_value FROM orders_placed_total'));
console.log(await sql("SELECT DISTINCT le, service_value FROM checkout_duration_seconds_bucket WHERE le IN ('0', '5', '+Inf') ORDER BY le"));
console.log(await sql('SELECT DISTINCT span_name, service_name, span_kind, "span_attributes.http.status_code" FROM opentelemetry_traces'));
