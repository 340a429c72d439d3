import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { SqlEncoder } from './sql-output.js';
import { encodeGreptimedbV1 } from './greptimedb-v1.js';
import { csvEncoder } from './csv.js';
import { encodeTable } from './table.js';
import { encodeJson } from './json.js';
import { encodeNull } from './null.js';
import { encodeInfluxdbV1 } from './influxdb-v1.js';

/** The `format` values of `/v1/sql` (GreptimeDB's names, matched without regard to case), one encoder each. */
export const SQL_FORMATS = {
  greptimedb_v1: encodeGreptimedbV1,
  csv: csvEncoder(false, false, 'csv'),
  csvWithNames: csvEncoder(true, false, 'csvWithNames'),
  csvWithNamesAndTypes: csvEncoder(true, true, 'csvWithNamesAndTypes'),
  table: encodeTable,
  json: encodeJson,
  null: encodeNull,
  influxdb_v1: encodeInfluxdbV1,
} as const satisfies Record<string, SqlEncoder>;

export type SqlFormat = keyof typeof SQL_FORMATS;

/** Formats that carry one statement's output; a request with several statements is refused before any runs. */
export const SINGLE_OUTPUT_FORMATS: ReadonlySet<SqlFormat> = new Set(['csv', 'csvWithNames', 'csvWithNamesAndTypes', 'table', 'json', 'null']);

const BY_LOWER = new Map(Object.entries(SQL_FORMATS).map(([name, enc]) => [name.toLowerCase(), { name: name as SqlFormat, encode: enc as SqlEncoder }]));

/** The encoder for a `format` parameter (default greptimedb_v1); an unknown one is a 400 listing them. */
export function sqlEncoder(format: string | undefined): { name: SqlFormat; encode: SqlEncoder } {
  const found = BY_LOWER.get((format ?? '').trim().toLowerCase() || 'greptimedb_v1');
  if (found === undefined) throw new SluiceError(StatusCode.InvalidArguments, `unknown format '${format}' (use ${Object.keys(SQL_FORMATS).join(', ')})`);
  return found;
}
