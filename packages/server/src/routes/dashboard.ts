import { Hono } from 'hono';
import { StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';

/** `/dashboard`: not built yet, so every path answers 404 with the error body. */
export function createDashboardRoutes(): Hono {
  const app = new Hono();
  const missing = () => {
    throw new HttpRequestError(StatusCode.Unsupported, 404, 'the dashboard is not available in this build');
  };
  app.all('/dashboard', missing);
  app.all('/dashboard/*', missing);
  return app;
}
