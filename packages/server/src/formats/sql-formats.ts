import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { SqlEncoder } from './sql-output.js';
import { encodeGreptimedbV1 } from './greptimedb-v1.js';
import { encodeCsv } from './csv.js';
import { encodeTable } from './table.js';
import { encodeJson } from './json.js';
import { encodeNull } from './null.js';

/** The `format` values of `/v1/sql`, one encoder each. */
export const SQL_FORMATS = {
  greptimedb_v1: encodeGreptimedbV1,
  csv: encodeCsv,
  table: encodeTable,
  json: encodeJson,
  null: encodeNull,
} as const satisfies Record<string, SqlEncoder>;

export type SqlFormat = keyof typeof SQL_FORMATS;

export function sqlEncoder(format: string | undefined): SqlEncoder {
  const f = (format ?? 'greptimedb_v1').trim().toLowerCase() || 'greptimedb_v1';
  const enc = (SQL_FORMATS as Record<string, SqlEncoder>)[f];
  if (enc === undefined) throw new SluiceError(StatusCode.InvalidArguments, `unknown format '${format}' (use ${Object.keys(SQL_FORMATS).join(', ')})`);
  return enc;
}
