import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import { configToToml } from '../config/to-toml.js';
import type { BuildInfo } from '../build-info.js';

/** `/health`, `/ready`, `/v1/health`, `/status`, `/metrics`, `/config` (not versioned). */
export function createAdminRoutes(deps: AppDeps, info: BuildInfo): Hono {
  const app = new Hono();
  const health = () => new Response('{}', { headers: { 'content-type': 'application/json' } });
  // GreptimeDB answers `{}` on all three, GET and POST (`/ready` for Kubernetes readiness probes).
  for (const path of ['/health', '/ready', '/v1/health']) {
    app.get(path, health);
    app.post(path, health);
  }
  app.get('/status', (c) => c.json(info));
  app.get('/metrics', async (c) => {
    const text = await deps.metrics.registry.metrics();
    return c.body(text, 200, { 'content-type': deps.metrics.registry.contentType });
  });
  app.get('/config', (c) => c.body(configToToml(deps.config), 200, { 'content-type': 'text/plain; charset=utf-8' }));
  return app;
}
