import { Hono, type Context } from 'hono';
import { StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';
import type { DashboardAsset, DashboardAssets } from '../dashboard/assets.js';

function missing(): never {
  throw new HttpRequestError(StatusCode.Unsupported, 404, 'the dashboard is not available in this build');
}

function send(c: Context, asset: DashboardAsset): Response {
  const gzip = asset.gzip !== undefined && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  const headers: Record<string, string> = {
    'content-type': asset.contentType,
    'cache-control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
  };
  if (gzip) headers['content-encoding'] = 'gzip';
  if (asset.contentType.startsWith('text/html')) {
    // The page talks only to this server and is never framed by another site.
    headers['content-security-policy'] = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; frame-ancestors 'none'";
    headers['x-frame-options'] = 'DENY';
  }
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body((gzip ? asset.gzip! : asset.body) as Uint8Array<ArrayBuffer>, 200, headers);
}

/**
 * `/dashboard`: the built single-page app (GET, HEAD, and POST answered as GET). A path with a file
 * extension must name a built file; any other path under `/dashboard/` is the page itself (its own
 * routes live in the URL's fragment). Without a build (`SLUICE_BUILD_DASHBOARD=0`) every path is 404.
 */
export function createDashboardRoutes(assets?: DashboardAssets): Hono {
  const app = new Hono();
  if (assets === undefined) {
    app.all('/dashboard', missing);
    app.all('/dashboard/*', missing);
    return app;
  }
  const index = assets.get('index.html')!;
  const handler = (c: Context) => {
    const rest = c.req.path.replace(/^\/dashboard\/?/, '');
    if (rest === '' || rest === 'index.html') return send(c, index);
    const asset = assets.get(rest);
    if (asset !== undefined) return send(c, asset);
    if (/\.[A-Za-z0-9]+$/.test(rest)) throw new HttpRequestError(StatusCode.Unsupported, 404, `no dashboard file '${rest}'`);
    return send(c, index);
  };
  for (const path of ['/dashboard', '/dashboard/*']) app.on(['GET', 'HEAD', 'POST'], path, handler);
  return app;
}
