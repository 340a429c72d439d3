import { SluiceError, StatusCode } from '@sluice/pipeline-core';

/**
 * GreptimeDB's permission modes of the static user provider (`user:ro=pwd`): `rw`/`readwrite`
 * (the default), `ro`/`readonly`, `wo`/`writeonly`, matched without regard to case.
 */
export type PermissionMode = 'rw' | 'ro' | 'wo';
export type Access = 'read' | 'write';

const MODES: Record<string, PermissionMode> = { rw: 'rw', readwrite: 'rw', ro: 'ro', readonly: 'ro', wo: 'wo', writeonly: 'wo' };

export function parsePermissionMode(text: string): PermissionMode | undefined {
  return MODES[text.trim().toLowerCase()];
}

/** A 403 with GreptimeDB's message when `mode` does not allow `access`. */
export function checkAccess(mode: PermissionMode | undefined, access: Access): void {
  if (mode === undefined || mode === 'rw') return;
  if ((mode === 'ro' && access === 'write') || (mode === 'wo' && access === 'read')) {
    throw new SluiceError(StatusCode.PermissionDenied, 'User is not authorized to perform this action');
  }
}

/**
 * The access a request needs, by method and path; `undefined` for `/v1/sql`, which the route decides
 * from the statements. Writes: log ingestion, the write protocols, pipeline upload and delete.
 */
export function accessOf(method: string, path: string): Access | undefined {
  if (path === '/v1/sql') return undefined;
  if (path === '/v1/sql/parse' || path === '/v1/sql/format') return 'read';
  if (/^\/v1\/(events\/)?pipelines\//.test(path)) {
    if (path.endsWith('/_dryrun') || path.endsWith('/ddl')) return 'read';
    return method === 'POST' || method === 'DELETE' ? 'write' : 'read';
  }
  const writes = [
    /^\/v1\/(ingest|events\/logs)$/,
    /^\/v1\/influxdb\/(api\/v2\/)?write$/,
    /^\/v1\/prometheus\/write$/,
    /^\/v1\/otlp\//,
    /^\/v1\/loki\/api\/v1\/push$/,
    /^\/v1\/opentsdb\/api\/put$/,
    /^\/v1\/elasticsearch\/.*_bulk$/,
  ];
  return writes.some((re) => re.test(path)) ? 'write' : 'read';
}
