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

/** `key=value` pairs separated by `&`, `;` or `,` (the `x-service-pipeline-params` header). */
export function parseParamsHeader(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (header === undefined) return out;
  for (const part of header.split(/[&;,]/)) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return out;
}
