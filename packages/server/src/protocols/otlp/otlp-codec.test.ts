import { describe, expect, it } from 'vitest';
import { decodeOtlp, encodeOtlpResponse, otlpEncoding } from './decode-otlp.js';
import { OTLP_TYPES } from './otlp-schema.js';
import { logsToRows, parseExtractKeys } from './otlp-logs.js';
import { flattenedTraceRows, spansOf } from './otlp-traces.js';
import { metricsToSeries, DEFAULT_PROMOTED_RESOURCE_ATTRS } from './otlp-metrics.js';

const enc = new TextEncoder();
const json = (o: unknown) => enc.encode(JSON.stringify(o));
const span = (over: Record<string, unknown>) => ({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', name: 's', startTimeUnixNano: '1700000000000000000', endTimeUnixNano: '1700000000000001000', ...over });

describe('OTLP decoding', () => {
  it('reads JSON with hex ids and string nanoseconds the same as protobuf', () => {
    const obj = { resourceSpans: [{ scopeSpans: [{ spans: [span({ attributes: [{ key: 'n', value: { intValue: '7' } }] })] }] }] };
    const fromJson = spansOf(decodeOtlp('traces', json(obj), 'json')).spans;
    const proto = OTLP_TYPES.traces.request.encode(decodeOtlp('traces', json(obj), 'json')).finish();
    const fromProto = spansOf(decodeOtlp('traces', proto, 'protobuf')).spans;
    expect(fromJson[0]!.fixed[4]).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(fromJson[0]!.fixed[2]).toBe(1000n);
    expect(fromProto[0]!.fixed).toEqual(fromJson[0]!.fixed);
  });

  it('names what is wrong', () => {
    expect(() => decodeOtlp('traces', json({ resourceSpans: [{ scopeSpans: [{ spans: [span({ traceId: 'zz' })] }] }] }), 'json')).toThrow(/\$\.resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[0\]\.traceId: expected a hex id/);
    expect(() => decodeOtlp('logs', enc.encode('[1]'), 'json')).toThrow(/must be an object/);
    expect(() => otlpEncoding('text/plain')).toThrow(/unsupported Content-Type/);
  });

  it('answers partial success in both encodings', () => {
    expect(encodeOtlpResponse('traces', 'json', 2, 'bad').body).toBe('{"partialSuccess":{"rejectedSpans":2,"errorMessage":"bad"}}');
    expect(encodeOtlpResponse('logs', 'json', 0, '').body).toBe('{}');
    const pb = encodeOtlpResponse('metrics', 'protobuf', 3, 'x').body as Uint8Array;
    expect(OTLP_TYPES.metrics.response.toObject(OTLP_TYPES.metrics.response.decode(pb), { longs: Number })).toEqual({ partialSuccess: { rejectedDataPoints: 3, errorMessage: 'x' } });
  });
});

describe('OTLP mapping', () => {
  it('logs: observed time when time is absent, body kinds, extract keys type-checked', () => {
    const req = decodeOtlp('logs', json({ resourceLogs: [{ scopeLogs: [{ logRecords: [
      { observedTimeUnixNano: '5', body: { kvlistValue: { values: [{ key: 'a', value: { boolValue: true } }] } }, attributes: [{ key: 'user', value: { stringValue: 'u' } }] },
      { timeUnixNano: '7', body: { stringValue: 'x' }, attributes: [{ key: 'user', value: { doubleValue: 1.5 } }] },
    ] }] }] }), 'json');
    const rows = logsToRows(req, [], 99n).rows;
    expect(rows.map((r) => [(r[0] as { ns: bigint }).ns, r[5]])).toEqual([[5n, '{"a":true}'], [7n, 'x']]);
    expect(() => logsToRows(req, ['user'], 0n)).toThrow(/log record 1: attribute 'user' .* is double/);
    expect(() => parseExtractKeys('body')).toThrow(/already a column/);
  });

  it('traces: Int64 and Float64 widen per batch; a value that fits no column rejects its span only', () => {
    const req = decodeOtlp('traces', json({ resourceSpans: [{ scopeSpans: [{ spans: [
      span({ attributes: [{ key: 'n', value: { intValue: 1 } }] }),
      span({ spanId: 'b7ad6b7169203332', attributes: [{ key: 'n', value: { doubleValue: 2.5 } }] }),
      span({ spanId: 'b7ad6b7169203333', attributes: [{ key: 'n', value: { stringValue: 'x' } }] }),
    ] }] }] }), 'json');
    const { spans, rejected } = spansOf(req);
    const out = flattenedTraceRows(spans, new Map(), rejected);
    expect(out.schema.find((c) => c.name === 'span_attributes.n')!.type).toBe('float64');
    expect(out.rows).toHaveLength(2);
    expect(out.rejected.map((r) => r.index)).toEqual([2]);
    // an existing Int64 column widens to Float64 with the batch (the write sets widenColumns)
    const again = flattenedTraceRows(spans, new Map([['span_attributes.n', 'int64' as const]]), []);
    expect(again.schema.find((c) => c.name === 'span_attributes.n')!.type).toBe('float64');
    expect(again.rejected.map((r) => r.index)).toEqual([2]);
    // an existing String column keeps its type: numbers are then the misfits
    const str = flattenedTraceRows(spans, new Map([['span_attributes.n', 'string' as const]]), []);
    expect(str.rejected.map((r) => r.index)).toEqual([0, 1]);
  });

  it('metrics: summaries, staleness flag, default resource promotion', () => {
    const req = decodeOtlp('metrics', json({ resourceMetrics: [{
      resource: { attributes: [{ key: 'service.name', value: { stringValue: 'api' } }, { key: 'service.namespace', value: { stringValue: 'shop' } }, { key: 'host.name', value: { stringValue: 'h' } }] },
      scopeMetrics: [{ metrics: [
        { name: 'rpc.duration', unit: 's', summary: { dataPoints: [{ timeUnixNano: '2000000', count: '4', sum: 2, quantileValues: [{ quantile: 0.5, value: 0.4 }] }] } },
        { name: 'temp', gauge: { dataPoints: [{ timeUnixNano: '3000000', asDouble: 1, flags: 1 }] } },
        { name: 'eh', exponentialHistogram: { dataPoints: [{}, {}] } },
      ] }],
    }] }), 'json');
    const out = metricsToSeries(req, { strategy: 'UnderscoreEscapingWithSuffixes', promoteResource: { all: false, names: new Set(DEFAULT_PROMOTED_RESOURCE_ATTRS) }, promoteScope: false });
    const byTable = Object.fromEntries(out.series.map((s) => [s.table + (s.labels.find((l) => l[0] === 'quantile')?.[1] ?? ''), s]));
    expect(byTable['rpc_duration_seconds0.5']!.labels).toEqual([['job', 'shop/api'], ['quantile', '0.5']]);
    expect(byTable['rpc_duration_seconds_count']!.values).toEqual([4]);
    expect(byTable['rpc_duration_seconds_sum']!.timestamps).toEqual([2]);
    expect(Number.isNaN(byTable['temp']!.values[0])).toBe(true);
    expect(out.rejected).toBe(2);
  });
});

describe('OTLP nesting bounds', () => {
  it('refuses attribute values nested too deep, and absurdly deep JSON, with 400s', () => {
    let v: Record<string, unknown> = { stringValue: 'x' };
    for (let i = 0; i < 40; i++) v = { kvlistValue: { values: [{ key: 'k', value: v }] } };
    const body = json({ resourceLogs: [{ scopeLogs: [{ logRecords: [{ attributes: [{ key: 'deep', value: v }] }] }] }] });
    expect(() => logsToRows(decodeOtlp('logs', body, 'json'), [], 0n)).toThrow(/max depth exceeded|nested deeper than 32 levels/);
    const junk = `{"resourceLogs":[{"extra":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}]}`;
    expect(() => decodeOtlp('logs', enc.encode(junk), 'json')).toThrow(/nested deeper than any OTLP message/);
  });
});
