import type { Context, Hono } from 'hono';
import { StatusCode } from '@sluice/pipeline-core';
import { errorResponse, HttpRequestError } from './errors.js';

function patternToRegExp(path: string): RegExp {
  const body = path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/**
 * The app's not-found handler: 405 with `Allow` when the path exists for other methods, else 404,
 * both with the error body. Built after every route is mounted.
 */
export function notFoundHandler(app: Hono): (c: Context) => Response {
  const routes = app.routes
    .filter((r) => r.method !== 'ALL' && r.path !== '/*' && r.path !== '*')
    .map((r) => ({ method: r.method, re: patternToRegExp(r.path) }));
  return (c) => {
    const allowed = [...new Set(routes.filter((r) => r.re.test(c.req.path)).map((r) => r.method))];
    if (allowed.length > 0) {
      const res = errorResponse(c, new HttpRequestError(StatusCode.Unsupported, 405, `method ${c.req.method} not allowed on ${c.req.path} (allowed: ${allowed.join(', ')})`));
      res.headers.set('allow', allowed.join(', '));
      return res;
    }
    return errorResponse(c, new HttpRequestError(StatusCode.Unsupported, 404, `not found: ${c.req.method} ${c.req.path}`));
  };
}
