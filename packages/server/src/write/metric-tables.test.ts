import { expect, it } from 'vitest';
import { metricTableOptions, metricWriteRequests } from './metric-tables.js';

it('groups series by metric into one write per table, a tag column per label seen, null where a series lacks it', () => {
  const writes = metricWriteRequests('public', [
    { table: 'up', labels: [['job', 'a']], values: [1, 0], timestamps: [1000, 2000] },
    { table: 'up', labels: [['instance', 'i'], ['job', 'b']], values: [1], timestamps: [1000] },
    { table: 'empty', labels: [], values: [], timestamps: [] },
  ], { physical_table: 'p' });
  expect(writes).toHaveLength(1);
  expect(writes[0]!.schema.map((c) => [c.name, c.type, c.semantic])).toEqual([
    ['service_timestamp', 'timestamp_ms', 'timestamp'],
    ['service_value', 'float64', 'field'],
    ['instance', 'string', 'tag'],
    ['job', 'string', 'tag'],
  ]);
  expect(writes[0]!.rows).toEqual([[1000, 1, null, 'a'], [2000, 0, null, 'a'], [1000, 1, 'i', 'b']]);
});

it('marks metric tables and lets the request name the physical table', () => {
  expect(metricTableOptions('otlp', undefined, { ttl: 'forever' })).toEqual({
    ttl: 'forever',
    physical_table: 'service_physical_table',
    extra: { 'service.semantic.signal_type': 'metric', 'service.semantic.source': 'otlp', comment: 'Created on insertion' },
  });
  expect(metricTableOptions('prometheus', 'mine', {}).physical_table).toBe('mine');
});
