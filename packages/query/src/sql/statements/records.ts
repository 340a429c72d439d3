import { COLUMN_TYPE_DISPLAY, type Value } from '@sluice/pipeline-core';
import type { ResultColumn, StatementOutput } from '../../engine.js';
import { collectBatches, type Field, type Relation } from '../expr/relation.js';
import { Interval, type SqlType, type SqlValue } from '../types/sql-value.js';

function resultColumn(f: Field): ResultColumn {
  const t: SqlType = f.type;
  if (t === 'null') return { name: f.name, type: 'null', dataType: 'Null' };
  if (t === 'interval') return { name: f.name, type: 'string', dataType: 'Interval(MonthDayNano)' };
  return { name: f.name, type: t, dataType: COLUMN_TYPE_DISPLAY[t] };
}

function outValue(v: SqlValue): Value {
  return v instanceof Interval ? v.toString() : v;
}

/** Runs a relation to the end and returns it as a records output (rows, column names and display types). */
export async function toRecords(rel: Relation): Promise<StatementOutput> {
  const all = await collectBatches(rel);
  const rows: Value[][] = [];
  for (let i = 0; i < all.length; i++) rows.push(all.columns.map((c) => outValue(c[i]!)));
  return { kind: 'records', columns: rel.fields.map(resultColumn), rows };
}

/** A records output from literal rows (SHOW, DESC). */
export function records(columns: readonly { name: string; type: 'string' | 'int64' }[], rows: Value[][]): StatementOutput {
  return { kind: 'records', columns: columns.map((c) => ({ name: c.name, type: c.type, dataType: COLUMN_TYPE_DISPLAY[c.type] })), rows };
}
