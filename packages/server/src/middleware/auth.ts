import type { Context, MiddlewareHandler } from 'hono';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { UserProvider } from '../auth/user-provider.js';

/** Paths that never need credentials (probes and the line-protocol ping). */
export const OPEN_PATHS: ReadonlySet<string> = new Set(['/health', '/status', '/metrics', '/v1/lineproto/ping', '/v1/lineproto/health']);
const OPEN_PREFIXES = ['/dashboard/'];

declare module 'hono' {
  interface ContextVariableMap {
    user: string | undefined;
  }
}

function isOpen(path: string): boolean {
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

/** HTTP Basic auth (`Authorization` or `x-service-auth` header) against a user provider. */
export function basicAuth(provider: UserProvider): MiddlewareHandler {
  return async function basicAuth(c, next) {
    if (isOpen(c.req.path)) return next();
    const influx = influxCredentials(c);
    if (influx !== undefined) {
      provider.authenticate(influx.user, influx.password);
      c.set('user', influx.user);
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
    provider.authenticate(user, decoded.slice(colon + 1));
    c.set('user', user);
    await next();
  };
}
