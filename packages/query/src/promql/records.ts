import type { StatementOutput, ResultColumn } from '../engine.js';
import type { PromqlResult } from './result.js';

/** Column names of a PromQL result as SQL records (TQL, /v1/promql). */
export const TIME_COLUMN = 'service_timestamp';
export const VALUE_COLUMN = 'service_value';

/**
 * A PromQL result as one SQL output: a string column per label (sorted), then the time (ms) and
 * the value, one row per point, as GreptimeDB's TQL and /v1/promql answer.
 */
export function promqlToRecords(r: PromqlResult): StatementOutput {
  const points: { metric: Readonly<Record<string, string>>; t: number; v: number | string }[] = [];
  switch (r.resultType) {
    case 'matrix':
      for (const s of r.result) for (let i = 0; i < s.times.length; i++) points.push({ metric: s.metric, t: s.times[i]!, v: s.values[i]! });
      break;
    case 'vector':
      for (const s of r.result) points.push({ metric: s.metric, t: s.value[0], v: s.value[1] });
      break;
    case 'scalar':
    case 'string':
      points.push({ metric: {}, t: r.result[0], v: r.result[1] });
      break;
  }
  const labels = [...new Set(points.flatMap((p) => Object.keys(p.metric)))].sort();
  const isString = r.resultType === 'string';
  const columns: ResultColumn[] = [
    ...labels.map((name): ResultColumn => ({ name, type: 'string', dataType: 'String' })),
    { name: TIME_COLUMN, type: 'timestamp_ms', dataType: 'TimestampMillisecond' },
    isString ? { name: VALUE_COLUMN, type: 'string', dataType: 'String' } : { name: VALUE_COLUMN, type: 'float64', dataType: 'Float64' },
  ];
  const rows = points.map((p) => [...labels.map((l) => p.metric[l] ?? null), BigInt(p.t), p.v]);
  return { kind: 'records', columns, rows };
}
