import type { StatementOutput, ResultColumn } from '../engine.js';
import type { Value } from '@sluice/pipeline-core';
import type { PromqlResult } from './result.js';

/** Column names of a PromQL result as SQL records (TQL, /v1/promql). */
export const TIME_COLUMN = 'service_timestamp';
export const VALUE_COLUMN = 'service_value';

/**
 * A PromQL result as one SQL output: a string column per label (sorted), then the time (ms) and
 * the value, one row per point, as GreptimeDB's TQL and /v1/promql answer.
 */
export function promqlToRecords(r: PromqlResult): StatementOutput {
  const metrics: Readonly<Record<string, string>>[] =
    r.resultType === 'matrix' || r.resultType === 'vector' ? r.result.map((s) => s.metric) : [{}];
  const labels = [...new Set(metrics.flatMap((m) => Object.keys(m)))].sort();
  const isString = r.resultType === 'string';
  const columns: ResultColumn[] = [
    ...labels.map((name): ResultColumn => ({ name, type: 'string', dataType: 'String' })),
    { name: TIME_COLUMN, type: 'timestamp_ms', dataType: 'TimestampMillisecond' },
    isString ? { name: VALUE_COLUMN, type: 'string', dataType: 'String' } : { name: VALUE_COLUMN, type: 'float64', dataType: 'Float64' },
  ];
  const rows: Value[][] = [];
  const row = (m: Readonly<Record<string, string>>, t: number, v: number | string): Value[] => {
    const out: Value[] = new Array<Value>(labels.length + 2);
    // The time first: a row array that starts as doubles would canonicalize a NaN value's payload.
    out[labels.length] = BigInt(t);
    for (let i = 0; i < labels.length; i++) out[i] = m[labels[i]!] ?? null;
    out[labels.length + 1] = v;
    return out;
  };
  switch (r.resultType) {
    case 'matrix':
      for (const s of r.result) for (let i = 0; i < s.times.length; i++) rows.push(row(s.metric, s.times[i]!, s.values[i]!));
      break;
    case 'vector':
      for (const s of r.result) rows.push(row(s.metric, s.value[0], s.value[1]));
      break;
    case 'scalar':
    case 'string':
      rows.push(row({}, r.result[0], r.result[1]));
      break;
  }
  return { kind: 'records', columns, rows };
}
