import { COLUMN_TYPE_DISPLAY, type Value } from '@sluice/pipeline-core';
import type { ResultColumn, StatementOutput } from '../../engine.js';
import type { Field, Relation } from '../expr/relation.js';
import type { ExecContext } from '../../exec/exec-context.js';
import { batchBytes } from '../../exec/bytes.js';
import { QueryBudgetError } from '../../exec/errors.js';
import { formatDate } from '../types/date.js';
import { Decimal, decimalDisplay, isDecimalType } from '../types/decimal.js';
import { Interval, type SqlType, type SqlValue } from '../types/sql-value.js';

function resultColumn(f: Field): ResultColumn {
  const t: SqlType = f.type;
  if (t === 'null') return { name: f.name, type: 'null', dataType: 'Null' };
  if (t === 'interval') return { name: f.name, type: 'string', dataType: 'Interval(MonthDayNano)' };
  if (t === 'date') return { name: f.name, type: 'string', dataType: 'Date' };
  if (isDecimalType(t)) return { name: f.name, type: 'string', dataType: decimalDisplay(t) };
  return { name: f.name, type: t, dataType: COLUMN_TYPE_DISPLAY[t] };
}

function outValue(v: SqlValue): Value {
  return v instanceof Interval || v instanceof Decimal ? v.toString() : v;
}

/**
 * Runs a relation to the end and returns it as a records output (rows, column names and display
 * types). With `exec`, the rows count toward the memory budget and the result size limit.
 */
export async function toRecords(rel: Relation, exec?: ExecContext): Promise<StatementOutput> {
  const rows: Value[][] = [];
  const types = rel.fields.map((f) => f.type);
  let bytes = 0;
  for await (const b of rel.batches) {
    if (exec !== undefined) {
      const n = batchBytes(b, types);
      bytes += n;
      if (bytes > exec.limits.resultBytes) {
        throw new QueryBudgetError(`query result is over the ${(exec.limits.resultBytes / 1024 / 1024).toFixed(0)} MiB limit ([query] max_result_size) after ${rows.length.toLocaleString('en-US')} rows; add a LIMIT or aggregate`);
      }
      exec.hold(n, 'result');
      await exec.checkpoint();
    }
    for (let i = 0; i < b.length; i++) rows.push(b.columns.map((c, j) => (types[j] === 'date' && c[i] !== null ? formatDate(Number(c[i])) : outValue(c[i]!))));
  }
  return { kind: 'records', columns: rel.fields.map(resultColumn), rows };
}

/** A records output from literal rows (SHOW, DESC). */
export function records(columns: readonly { name: string; type: 'string' | 'int64' }[], rows: Value[][]): StatementOutput {
  return { kind: 'records', columns: columns.map((c) => ({ name: c.name, type: c.type, dataType: COLUMN_TYPE_DISPLAY[c.type] })), rows };
}
