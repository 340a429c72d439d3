import { describe, expect, it } from 'vitest';
import { cellToMs, matrixChartData, promResultSet, seriesName, sqlChartData } from './result.js';

describe('sqlChartData', () => {
  const columns = [
    { name: 'ts', type: 'TimestampMillisecond' },
    { name: 'host', type: 'String' },
    { name: 'v', type: 'Float64' },
  ];
  it('makes a line per tag combination over the union of times', () => {
    const d = sqlChartData({ columns, rows: [[1000, 'a', 1], [2000, 'a', 2], [2000, 'b', 5]] })!;
    expect(d.x).toEqual([1, 2]);
    expect(d.series.map((s) => [s.label, s.values])).toEqual([
      ['v{host=a}', [1, 2]],
      ['v{host=b}', [null, 5]],
    ]);
  });
  it('is undefined without a time or a numeric column', () => {
    expect(sqlChartData({ columns: columns.slice(0, 2), rows: [[1, 'a']] })).toBeUndefined();
    expect(sqlChartData({ columns: columns.slice(1), rows: [['a', 1]] })).toBeUndefined();
  });
});

describe('cellToMs', () => {
  it('reads numbers in the column unit and strings as UTC', () => {
    expect(cellToMs(1_700_000_000_000_000_000, 'TimestampNanosecond')).toBe(1_700_000_000_000);
    expect(cellToMs(1_700_000_000_000_000, 'TimestampMicrosecond')).toBe(1_700_000_000_000);
    expect(cellToMs(1_700_000_000, 'TimestampSecond')).toBe(1_700_000_000_000);
    expect(cellToMs(1_700_000_000_000, 'TimestampMillisecond')).toBe(1_700_000_000_000);
    expect(cellToMs(1_700_000_000_000_000_000, 'TIMESTAMP_NANOSECOND')).toBe(1_700_000_000_000);
    expect(cellToMs('2023-11-14 22:13:20', 'TimestampMillisecond')).toBe(1_700_000_000_000);
  });
});

describe('PromQL results', () => {
  const matrix: { metric: Record<string, string>; values: [number, string][] }[] = [
    { metric: { __name__: 'up', job: 'a' }, values: [[10, '1'], [20, '1']] as [number, string][] },
    { metric: { job: 'b' }, values: [[20, 'NaN']] as [number, string][] },
  ];
  it('charts a matrix, NaN as a gap', () => {
    const d = matrixChartData(matrix);
    expect(d.x).toEqual([10, 20]);
    expect(d.series.map((s) => [s.label, s.values])).toEqual([
      ['up{job="a"}', [1, 1]],
      ['{job="b"}', [null, null]],
    ]);
  });
  it('tabulates a vector and a matrix', () => {
    expect(promResultSet('vector', [{ metric: { job: 'a' }, value: [1.5, '2'] }]).rows).toEqual([['{job="a"}', 1500, 2]]);
    expect(promResultSet('matrix', matrix).rows).toHaveLength(3);
    expect(promResultSet('scalar', [1, '3']).rows).toEqual([[1000, 3]]);
  });
  it('names series as Prometheus prints them', () => {
    expect(seriesName({})).toBe('{}');
    expect(seriesName({ __name__: 'x' })).toBe('x');
  });
});
