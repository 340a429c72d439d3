import type { Rng } from '../support/random.js';
import { fuzzBody, fuzzSql } from './bodies.js';

/** A route of the app's route table: method (`ALL` for middleware) and pattern (`/v1/pipelines/:name`). */
export interface Route {
  readonly method: string;
  readonly path: string;
}

export interface FuzzRequest {
  readonly kind: string;
  readonly method: string;
  /** Path and query string. */
  readonly target: string;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array | string | undefined;
}

const SEGMENTS = ['x', 'p'.repeat(3000), 'a'.repeat(129), '%00', '..', '%2e%2e%2f', '%ff%fe', '🦀', 'service_identity', 'service_x', '%20', 'a%0d%0aSet-Cookie:x', '1e999'];
const PARAMS = ['table', 'pipeline_name', 'db', 'sql', 'format', 'version', 'skip_error', 'precision', 'query', 'start', 'end', 'step', 'time', 'match[]', 'timeout', 'limit', 'epoch', 'u', 'p', 'org', 'bucket', 'rp', 'seconds', 'output'];
const VALUES = ['', 'x', 'public', 'nope', 'table', 'json', 'csv', 'arrow', 'greptimedb_v1', 'true', 'maybe', '-1', '1e999', 'NaN', 'ns', 'h', '%00', 't'.repeat(5000), '2024-13-45 99:99:99.999999999', '../../etc/passwd', '🦀', 'service_identity', 'fuzz_canary'];
const HEADERS: [string, () => string][] = [
  ['x-service-hints', () => 'ttl=forever,append_mode=maybe,' + 'k=v,'.repeat(100)],
  ['x-service-hint-ttl', () => '-1d'],
  ['x-service-pipeline-params', () => 'skip_error=banana&&&='],
  ['x-service-timezone', () => 'Mars/Olympus_Mons'],
  ['x-service-db-name', () => 'd'.repeat(3000)],
  ['x-service-pipeline-version', () => '9999-99-99 99:99:99.999999999'],
  ['authorization', () => 'Basic %%%notbase64'],
  ['accept-encoding', () => 'gzip;q=nope, *;q=-1'],
  ['content-length-hint', () => '-1'],
];

/** Parameters that would make a valid request slow on purpose (a 300 s CPU profile): kept malformed. */
const SLOW = new Map<string, (rnd: Rng) => string>([
  ['/debug/prof/cpu', (rnd) => `?seconds=${rnd.pick(['0', '-1', 'abc', '1e9', '301', '0.01'])}&output=${rnd.pick(['text', 'svg', ''])}`],
  // A heap snapshot is a valid, heavy request: fuzz the method, not the snapshot itself.
  ['/debug/prof/mem', () => ''],
]);

function concrete(rnd: Rng, pattern: string): string {
  return pattern
    .replace(/:[A-Za-z_]+(\{[^}]*\})?/g, () => rnd.pick(SEGMENTS))
    .replace(/\*/g, () => rnd.pick(['x', 'a/b/c', '%00', '.'.repeat(300), 'index.html']));
}

function query(rnd: Rng): string {
  const n = rnd.int(5);
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = rnd.pick(PARAMS);
    const v = k === 'sql' || k === 'query' ? fuzzSql(rnd) : rnd.pick(VALUES);
    parts.push(`${encodeURIComponent(k)}=${rnd.chance(0.1) ? v : encodeURIComponent(v)}`);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

/** One malformed request for a route: its method mostly, hostile path segments, query, headers and body. */
export function fuzzRequest(rnd: Rng, route: Route): FuzzRequest {
  const method = route.method === 'ALL' || rnd.chance(0.1) ? rnd.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']) : route.method;
  const slow = SLOW.get(route.path);
  if (slow !== undefined && method === 'POST' && route.path === '/debug/prof/mem') {
    return { kind: 'debug/mem wrong body', method: 'GET', target: route.path, headers: {}, body: undefined };
  }
  let target = concrete(rnd, route.path);
  target += slow !== undefined ? slow(rnd) : query(rnd);
  const b = method === 'GET' || method === 'HEAD' ? { kind: 'no-body', body: undefined } : fuzzBody(rnd);
  const headers: Record<string, string> = {};
  if ('contentType' in b && b.contentType) headers['content-type'] = b.contentType;
  if ('contentEncoding' in b && b.contentEncoding) headers['content-encoding'] = b.contentEncoding;
  for (let i = rnd.int(3); i > 0; i--) {
    const [name, value] = rnd.pick(HEADERS);
    headers[name] = value();
  }
  return { kind: b.kind, method, target, headers, body: b.body };
}
