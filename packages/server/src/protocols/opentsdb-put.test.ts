import { describe, expect, it } from 'vitest';
import { decodeOpenTsdbPut, openTsdbToWrites } from './opentsdb-put.js';

const p = { metric: 'sys.cpu.nice', timestamp: 1700000000, value: 18, tags: { host: 'web01' } };

describe('decodeOpenTsdbPut', () => {
  it('takes one point or an array; up to 10 digits are seconds, 11 to 13 milliseconds; numeric strings are values', () => {
    expect(decodeOpenTsdbPut(JSON.stringify(p)).points).toEqual([{ metric: 'sys.cpu.nice', timestampMs: 1700000000000, value: 18, tags: { host: 'web01' } }]);
    const { points, errors } = decodeOpenTsdbPut(JSON.stringify([{ ...p, timestamp: 1700000000123, value: '-2.5e1' }, { ...p, tags: { host: 7 } }]));
    expect(errors).toEqual([]);
    expect(points.map((x) => [x.timestampMs, x.value, x.tags.host])).toEqual([[1700000000123, -25, 'web01'], [1700000000000, 18, '7']]);
  });

  it('names what is wrong with each bad point and where', () => {
    const bad = [
      { ...p, metric: undefined },
      { ...p, metric: 'a b' },
      { ...p, timestamp: undefined },
      { ...p, timestamp: 1.5 },
      { ...p, timestamp: 17000000000000000 },
      { ...p, value: undefined },
      { ...p, value: 'NaN' },
      { ...p, value: true },
      { ...p, tags: {} },
      { ...p, tags: { 'b d': 'x' } },
      { ...p, tags: { a: { x: 1 } } },
      { ...p, tags: { service_value: 'x' } },
      42,
    ];
    expect(decodeOpenTsdbPut(JSON.stringify(bad)).errors.map((e) => e.error)).toEqual([
      'Missing metric (data point 0)',
      'Invalid metric name ("a b"): illegal character (data point 1)',
      'Missing timestamp (data point 2)',
      'Invalid timestamp: 1.5 (data point 3)',
      'Invalid timestamp: 17000000000000000 has more than 13 digits (data point 4)',
      'Missing value (data point 5)',
      'Unable to parse value to a number: "NaN" (data point 6)',
      'Unable to parse value to a number: true (data point 7)',
      'Missing tags: at least one tag pair must be present (data point 8)',
      'Invalid tag name ("b d"): illegal character (data point 9)',
      'Invalid tag value for "a": expected a string (data point 10)',
      'Invalid tag name ("service_value"): reserved column name (data point 11)',
      'Expected a data point object (data point 12)',
    ]);
  });

  it('throws on a body that is not JSON', () => {
    expect(() => decodeOpenTsdbPut('[{')).toThrow(SyntaxError);
  });
});

describe('openTsdbToWrites', () => {
  it('one table per metric: ms time index, service_value, one tag column per tag name seen', () => {
    const { points } = decodeOpenTsdbPut(JSON.stringify([p, { ...p, tags: { dc: 'x' } }, { ...p, metric: 'm2' }]));
    const [w1, w2] = openTsdbToWrites(points, 'public', {});
    expect(w1!.table).toBe('sys.cpu.nice');
    expect(w1!.schema.map((c) => `${c.name}:${c.type}:${c.semantic}`)).toEqual([
      'service_timestamp:timestamp_ms:timestamp', 'service_value:float64:field', 'host:string:tag', 'dc:string:tag',
    ]);
    expect(w1!.rows).toEqual([[1700000000000, 18, 'web01', null], [1700000000000, 18, null, 'x']]);
    expect(w2!.table).toBe('m2');
  });
});
