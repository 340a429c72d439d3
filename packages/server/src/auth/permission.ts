import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { INGEST_PATHS } from '../routes/ingest.js';
import { LINEPROTO_PREFIX } from '../routes/lineproto.js';
import { REMOTE_WRITE_PATH } from '../routes/metricsapi/remote-write.js';
import { OTLP_PATHS } from '../routes/otlp.js';
import { LOGPUSH_PUSH } from '../routes/logpush.js';
import { JSONPUT_PUT } from '../routes/jsonput.js';

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
  const writes: readonly ((p: string) => boolean)[] = [
    (p) => (INGEST_PATHS as readonly string[]).includes(p),
    (p) => p.startsWith(`${LINEPROTO_PREFIX}/`) && p.endsWith('/write'),
    (p) => p === REMOTE_WRITE_PATH,
    (p) => (Object.values(OTLP_PATHS) as string[]).includes(p),
    (p) => p === LOGPUSH_PUSH,
    (p) => p === JSONPUT_PUT,
  ];
  return writes.some((isWrite) => isWrite(path)) ? 'write' : 'read';
}
