import { describe, expect, it } from 'vitest';
import { parseTranslationStrategy, promLabelName, promMetricName, unitTokens } from './prom-names.js';

describe('Prometheus translation of OTLP names', () => {
  const S = 'UnderscoreEscapingWithSuffixes' as const;
  it.each([
    ['http.server.duration', 'ms', 'histogram', 'http_server_duration_milliseconds'],
    ['http.requests', '1', 'counter', 'http_requests_total'],
    ['requests_total', '{requests}', 'counter', 'requests_total'],
    ['net.io', 'By/s', 'gauge', 'net_io_bytes_per_second'],
    ['cpu.utilization', '1', 'gauge', 'cpu_utilization_ratio'],
    ['system.memory.usage', 'By', 'sum', 'system_memory_usage_bytes'],
    ['latency_seconds', 's', 'histogram', 'latency_seconds'],
    ['2xx.count', '', 'counter', '_2xx_count_total'],
    ['weird--name!!', 'Cel', 'gauge', 'weird_name_celsius'],
  ] as const)('%s [%s] %s -> %s', (name, unit, kind, want) => {
    expect(promMetricName(name, unit, kind, S)).toBe(want);
  });

  it('honours the other strategies', () => {
    expect(promMetricName('http.requests', 'ms', 'counter', 'UnderscoreEscapingWithoutSuffixes')).toBe('http_requests');
    expect(promMetricName('http.requests', 'ms', 'counter', 'NoTranslation')).toBe('http.requests');
    expect(promMetricName('http.requests', 'ms', 'counter', 'NoUTF8EscapingWithSuffixes')).toBe('http.requests_milliseconds_total');
    expect(parseTranslationStrategy('notranslation')).toBe('NoTranslation');
    expect(() => parseTranslationStrategy('bogus')).toThrow(/known: UnderscoreEscapingWithSuffixes/);
  });

  it('escapes label names', () => {
    expect(promLabelName('http.route', 'UnderscoreEscapingWithSuffixes')).toBe('http_route');
    expect(promLabelName('0abc', 'UnderscoreEscapingWithSuffixes')).toBe('key_0abc');
    expect(unitTokens('{packets}/s')).toEqual(['per', 'second']);
  });
});
