import type { Value } from '@sluice/pipeline-core';
import { isValueMap } from '@sluice/pipeline-core';
import { SqlInvalidArgumentError, SqlUnsupportedError } from '../errors.js';

/** GreptimeDB keeps JSON2 columns in append-only tables: a table with one must be `append_mode = 'true'`. */
export function requireAppendModeForJson2(columns: readonly { readonly name: string; readonly sqlType?: string }[], appendMode: boolean | undefined): void {
  const j = columns.find((c) => c.sqlType === 'JSON2');
  if (j !== undefined && appendMode !== true) throw new SqlInvalidArgumentError(`Invalid SQL, error: JSON2 column \`${j.name}\` requires append_mode='true'`);
}

/** A JSON2 value is a non-empty object (GreptimeDB's current limits). */
export function checkJson2Value(v: Value): Value {
  if (!isValueMap(v)) throw new SqlUnsupportedError('Non-object json is not supported currently');
  if (Object.keys(v).length === 0) throw new SqlInvalidArgumentError('Invalid InsertRequest, reason: empty json object is not supported, consider adding a dummy field');
  return v;
}
