import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './start-server.js';

/**
 * Issue 18, PromQL's part, through the real server: a PromQL query whose evaluation alone runs for
 * many seconds (quantile_over_time sorts a window of up to 1,500 samples at each of 7,501 steps of 20
 * series) is stopped by its timeout — Prometheus's `timeout` parameter, or the service's
 * `x-service-timeout` on /v1/promql — while /health keeps answering, and the server is free again right
 * after. No timing assertions: "answered before the other request finished" is the bound.
 */
describe('a heavy PromQL evaluation never holds the server', () => {
  let s: TestServer;
  const sql = (q: string) => s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: q }) });
  const HEAVY = 'quantile_over_time(0.5, heavy_m[1d])';
  const range = { start: '0', end: '22500', step: '3s' };

  /** Sends `slow`; once it is in flight, asks /health; returns the slow answer and whether /health came first. */
  async function healthBeside(slow: () => Promise<Response>): Promise<{ res: Response; body: Record<string, unknown>; healthFirst: boolean }> {
    let slowDone = false;
    const run = slow().then((r) => ((slowDone = true), r));
    await new Promise((r) => setTimeout(r, 200));
    const health = await s.fetch('/health');
    expect(health.status).toBe(200);
    const healthFirst = !slowDone;
    const res = await run;
    return { res, body: (await res.json()) as Record<string, unknown>, healthFirst };
  }

  beforeAll(async () => {
    s = await startTestServer();
    expect((await sql('CREATE TABLE heavy_m (host STRING, service_value DOUBLE, service_timestamp TIMESTAMP(3) TIME INDEX, PRIMARY KEY (host))')).status).toBe(200);
    for (let h = 0; h < 20; h += 10) {
      const values: string[] = [];
      for (let k = h; k < h + 10; k++) for (let i = 0; i < 1500; i++) values.push(`('h${k}', ${(i * 7919) % 1000}, ${i * 15_000})`);
      expect((await sql(`INSERT INTO heavy_m (host, service_value, service_timestamp) VALUES ${values.join(',')}`)).status).toBe(200);
    }
  }, 120_000);
  afterAll(() => s.close());

  it('the Prometheus API answers 503 errorType timeout at the query timeout; /health answered meanwhile', async () => {
    const { res, body, healthFirst } = await healthBeside(() =>
      s.fetch('/v1/metricsapi/api/v1/query_range', { method: 'POST', body: new URLSearchParams({ query: HEAVY, ...range, timeout: '1s' }) }));
    expect(res.status).toBe(503);
    expect(body).toMatchObject({ status: 'error', errorType: 'timeout' });
    expect(healthFirst).toBe(true);
  });

  it('/v1/promql answers 408 DeadlineExceeded at x-service-timeout; /health answered meanwhile', async () => {
    const { res, body, healthFirst } = await healthBeside(() =>
      s.fetch('/v1/promql', { method: 'POST', body: new URLSearchParams({ query: HEAVY, ...range }), headers: { 'x-service-timeout': '1s' } }));
    expect(res.status).toBe(408);
    expect(body).toMatchObject({ code: 1006 });
    expect(typeof body.execution_time_ms).toBe('number');
    expect(healthFirst).toBe(true);
  });

  it('a vector-matching query over every step yields too, and the server is free right after a timeout', async () => {
    const { res, healthFirst } = await healthBeside(() =>
      s.fetch('/v1/metricsapi/api/v1/query_range', {
        method: 'POST',
        body: new URLSearchParams({ query: 'count(heavy_m / on (host) group_left heavy_m > bool 500) + count(quantile_over_time(0.9, heavy_m[1d]))', ...range, timeout: '1s' }),
      }));
    expect(res.status).toBe(503);
    expect(healthFirst).toBe(true);
    // The cancelled work is gone: a small query answers at once with the right data.
    const small = await s.fetch('/v1/metricsapi/api/v1/query', { method: 'POST', body: new URLSearchParams({ query: 'count(heavy_m)', time: '30' }) });
    expect(small.status).toBe(200);
    expect(await small.json()).toMatchObject({ status: 'success', data: { resultType: 'vector', result: [{ metric: {}, value: [30, '20'] }] } });
  });
});
