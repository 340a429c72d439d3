import { SluiceError, StatusCode } from '@sluice/pipeline-core';

/** `true`/`false` (any case, or 1/0) from a query parameter; `undefined` when absent. */
export function parseBoolParam(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === '1' || v === '') return true;
  if (v === 'false' || v === '0') return false;
  throw new SluiceError(StatusCode.InvalidArguments, `invalid value '${value}' for '${name}': expected true or false`);
}

export function requireParam(name: string, value: string | undefined, what: string): string {
  if (value === undefined || value.trim() === '') {
    throw new SluiceError(StatusCode.InvalidArguments, `missing required parameter '${name}' (${what})`);
  }
  return value.trim();
}

/**
 * The database of a `db` parameter: `public` when absent; GreptimeDB's `catalog-schema` form
 * (`greptime-public`) names the schema after the catalog, and Sluice has the one catalog `greptime`.
 */
export function databaseParam(db: string | undefined): string {
  const d = db?.trim();
  if (!d) return 'public';
  const dash = d.indexOf('-');
  if (dash > 0 && d.slice(0, dash) === 'greptime' && dash < d.length - 1) return d.slice(dash + 1);
  return d;
}
