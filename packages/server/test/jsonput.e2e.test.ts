import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './start-server.js';

async function sql(s: TestServer, q: string): Promise<unknown[][]> {
  const res = await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: q }) });
  const body = (await res.json()) as { output?: { records?: { rows: unknown[][] } }[]; error?: string };
  if (!res.ok) throw new Error(`${q}: ${body.error}`);
  return body.output![0]!.records?.rows ?? [];
}

describe('OpenTSDB put (real server, HTTP as curl sends it)', () => {
  let s: TestServer;
  const put = (body: unknown, query = '', headers: Record<string, string> = {}) =>
    s.fetch(`/v1/jsonput/api/put${query}`, { method: 'POST', body: typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body), headers });
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('a single point and an array: 204, seconds and milliseconds, tags as tag columns; read back with SQL', async () => {
    expect((await put({ metric: 'sys.cpu.nice', timestamp: 1700000000, value: 18, tags: { host: 'web01', dc: 'lga' } })).status).toBe(204);
    const res = await put([
      { metric: 'sys.cpu.nice', timestamp: 1700000001500, value: '9.5', tags: { host: 'web02' } },
      { metric: 'sys.mem', timestamp: 1700000002, value: 1024, tags: { host: 'web01' } },
    ]);
    expect(res.status).toBe(204);
    expect(await sql(s, 'SELECT service_timestamp, host, dc, service_value FROM "sys.cpu.nice" ORDER BY service_timestamp')).toEqual([
      [1700000000000, 'web01', 'lga', 18],
      [1700000001500, 'web02', null, 9.5],
    ]);
    expect(await sql(s, 'SELECT service_value FROM "sys.mem"')).toEqual([[1024]]);
    const create = String((await sql(s, 'SHOW CREATE TABLE "sys.mem"'))[0]![1]);
    expect(create).toMatch(/service\.semantic\.source = 'opentsdb'/);
    expect(create).toMatch(/service\.semantic\.signal_type = 'metric'/);
  });

  it('summary and details answer in OpenTSDB\'s shapes', async () => {
    const p = { metric: 'shapes', timestamp: 1700000000, value: 1, tags: { a: 'b' } };
    let res = await put([p, { ...p, timestamp: 1700000001 }], '?summary');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ failed: 0, success: 2 });
    res = await put(p, '?details');
    expect(await res.json()).toEqual({ errors: [], failed: 0, success: 1 });
  });

  it('a bad point is a 400 in OpenTSDB\'s error shape and nothing of the request is written', async () => {
    const good = { metric: 'atomic', timestamp: 1700000000, value: 1, tags: { a: 'b' } };
    const badValue = { metric: 'atomic', timestamp: 1700000001, value: 'lots', tags: { a: 'b' } };
    let res = await put([good, badValue]);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 400, message: 'One or more data points had errors', details: 'Unable to parse value to a number: "lots" (data point 1); append "details" to the put request for every error' },
    });
    res = await put([good, { ...good, tags: {} }], '?details');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errors: [{ datapoint: { ...good, tags: {} }, error: 'Missing tags: at least one tag pair must be present (data point 1)' }], failed: 2, success: 0 });
    res = await put([good, { ...good, metric: '' }], '?summary');
    expect(await res.json()).toEqual({ failed: 2, success: 0 });
    res = await put('[{"metric": "atomic",');
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/^Unable to parse the given JSON: /);
    expect(await sql(s, "SHOW TABLES LIKE 'atomic'")).toEqual([]);
  });

  it('gzip bodies, x-service-db-name, unknown db is a 400 naming it', async () => {
    await sql(s, 'CREATE DATABASE tsdb');
    const res = await put(gzipSync(JSON.stringify({ metric: 'zipped', timestamp: 1700000000, value: 3, tags: { h: 'x' } })), '', {
      'content-encoding': 'gzip', 'x-service-db-name': 'tsdb',
    });
    expect(res.status).toBe(204);
    const rows = await (await s.fetch('/v1/sql?db=tsdb', { method: 'POST', body: new URLSearchParams({ sql: 'SELECT service_value FROM zipped' }) })).json();
    expect(rows.output[0].records.rows).toEqual([[3]]);
    const nodb = await put({ metric: 'x', timestamp: 1700000000, value: 3, tags: { h: 'x' } }, '?db=nosuch');
    expect(nodb.status).toBe(400);
    expect(await nodb.json()).toEqual({ error: { code: 400, message: 'Database not found: nosuch' } });
  });
});
