import type { Context, MiddlewareHandler } from 'hono';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { UserProvider } from '../auth/user-provider.js';
import { accessOf, checkAccess, type PermissionMode } from '../auth/permission.js';

/** Paths that never need credentials: probes, the line-protocol ping, the dashboard's static files. */
export const OPEN_PATHS: ReadonlySet<string> = new Set(['/health', '/ready', '/v1/health', '/v1/lineproto/ping', '/v1/lineproto/health', '/dashboard']);
const OPEN_PREFIXES = ['/dashboard/'];

/** Paths open by default for scrapers and probes, each closable (`http.metrics_without_auth`, `http.status_without_auth`). */
export interface AuthOptions {
  readonly metricsOpen: boolean;
  readonly statusOpen: boolean;
}

declare module 'hono' {
  interface ContextVariableMap {
    user: string | undefined;
    /** The authenticated user's permission mode (undefined without a user provider). */
    permission: PermissionMode | undefined;
  }
}

function isOpen(path: string, o: AuthOptions): boolean {
  if (path === '/metrics') return o.metricsOpen;
  if (path === '/status') return o.statusOpen;
  return OPEN_PATHS.has(path) || OPEN_PREFIXES.some((p) => path.startsWith(p));
}

/**
 * Credentials InfluxDB clients send to the line-protocol endpoints: `u`/`p` query parameters (v1) or
 * `Authorization: Token user:password` (v2). Undefined when the request has neither.
 */
function influxCredentials(c: Context): { user: string; password: string } | undefined {
  if (!c.req.path.startsWith('/v1/lineproto/')) return undefined;
  const u = c.req.query('u');
  if (u !== undefined && u !== '') return { user: u, password: c.req.query('p') ?? '' };
  const m = /^\s*token\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  if (!m) return undefined;
  const colon = m[1]!.indexOf(':');
  if (colon < 0) throw new SluiceError(StatusCode.InvalidAuthHeader, 'Invalid authorization header: a Token must be user:password');
  return { user: m[1]!.slice(0, colon), password: m[1]!.slice(colon + 1) };
}

/**
 * HTTP Basic auth (`Authorization` or `x-service-auth` header; InfluxDB's `u`/`p` or `Token` on the
 * line-protocol paths) against a user provider, then the user's permission mode: a read-only user
 * cannot write, a write-only user cannot query (403).
 */
export function basicAuth(provider: UserProvider, o: AuthOptions = { metricsOpen: true, statusOpen: true }): MiddlewareHandler {
  return async function basicAuth(c, next) {
    if (isOpen(c.req.path, o)) return next();
    const influx = influxCredentials(c);
    if (influx !== undefined) {
      const mode = provider.authenticate(influx.user, influx.password);
      c.set('user', influx.user);
      c.set('permission', mode);
      const access = accessOf(c.req.method, c.req.path);
      if (access !== undefined) checkAccess(mode, access);
      return next();
    }
    const header = c.req.header('authorization') ?? c.req.header('x-service-auth');
    if (header === undefined || header.trim() === '') throw new SluiceError(StatusCode.AuthHeaderNotFound, 'Not found http or grpc authorization header');
    const m = /^\s*basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
    if (!m) throw new SluiceError(StatusCode.InvalidAuthHeader, 'Invalid authorization header: expected Basic <base64 user:password>');
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new SluiceError(StatusCode.InvalidAuthHeader, 'Invalid authorization header: credentials are not user:password');
    const user = decoded.slice(0, colon);
    const mode = provider.authenticate(user, decoded.slice(colon + 1));
    c.set('user', user);
    c.set('permission', mode);
    const access = accessOf(c.req.method, c.req.path);
    if (access !== undefined) checkAccess(mode, access);
    await next();
  };
}
