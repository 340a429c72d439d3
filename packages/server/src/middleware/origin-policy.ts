import type { Context, MiddlewareHandler } from 'hono';
import { StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';

export interface OriginPolicyOptions {
  /** Origins (`https://app.example.com`) allowed to call from a browser; `*` for any. */
  readonly allowedOrigins: readonly string[];
  /** Whether allowed origins get CORS headers (`http.enable_cors`). */
  readonly cors: boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CORS_METHODS = 'GET, POST, PUT, DELETE, HEAD';

/** Whether `origin` is the server's own origin (a page it served, such as the dashboard). */
function sameOrigin(c: Context, origin: string): boolean {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

function denied(origin: string | undefined, why: string): HttpRequestError {
  return new HttpRequestError(
    StatusCode.AccessDenied,
    403,
    `${origin === undefined ? 'a cross-site request' : `origin '${origin.slice(0, 200)}'`} is not allowed ${why}; list the origin in http.cors_allowed_origins to allow it`,
  );
}

/**
 * Browser-facing policy: a web page of another origin must not change anything here (a page must
 * not be able to CREATE TABLE through a local instance) and reads need CORS.
 * - A request with an `Origin` that is neither this server nor listed is refused (403) unless its
 *   method is safe; one a browser marks `Sec-Fetch-Site: cross-site`/`same-site` without a listed
 *   origin is refused whatever its method (a link or `<img>` to `GET /v1/sql?sql=DROP ...`).
 * - CORS headers go only to listed origins, and only with `http.enable_cors`; a preflight from a
 *   listed origin answers 200 (as GreptimeDB's tower-http layer does), from another origin 403.
 * Clients that are not browsers send neither header and are not affected.
 */
export function originPolicy(o: OriginPolicyOptions): MiddlewareHandler {
  const any = o.allowedOrigins.includes('*');
  const listed = new Set(o.allowedOrigins);
  return async function originPolicy(c, next) {
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const isListed = origin !== undefined && (any || listed.has(origin));
    const allowed = origin === undefined ? site !== 'cross-site' && site !== 'same-site' : isListed || sameOrigin(c, origin);
    const preflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    if (preflight) {
      if (!isListed || !o.cors) throw denied(origin, 'to make cross-origin requests (CORS is off unless http.cors_allowed_origins lists origins)');
      return c.body(null, 200, {
        'access-control-allow-origin': origin!,
        'access-control-allow-methods': CORS_METHODS,
        'access-control-allow-headers': c.req.header('access-control-request-headers') ?? '*',
        'access-control-max-age': '86400',
        vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
      });
    }
    if (!allowed && (site === 'cross-site' || site === 'same-site' || !SAFE_METHODS.has(c.req.method))) {
      throw denied(origin, `to send ${c.req.method} ${c.req.path}`);
    }
    await next();
    if (isListed && o.cors) {
      c.res.headers.set('access-control-allow-origin', origin!);
      c.res.headers.append('vary', 'Origin');
    }
  };
}
