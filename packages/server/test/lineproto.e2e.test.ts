import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InfluxDB, Point } from '@influxdata/influxdb-client';
import { startTestServer, type TestServer } from './start-server.js';

async function sql(s: TestServer, q: string, db = 'public'): Promise<unknown[][]> {
  const res = await s.fetch(`/v1/sql?db=${db}`, { method: 'POST', body: new URLSearchParams({ sql: q }) });
  const body = (await res.json()) as { output?: { records?: { rows: unknown[][] } }[]; error?: string };
  if (!res.ok) throw new Error(`${q}: ${body.error}`);
  return body.output![0]!.records?.rows ?? [];
}

const lp = (s: TestServer, body: string | Uint8Array, query = 'db=public', headers: Record<string, string> = {}) =>
  s.fetch(`/v1/lineproto/write?${query}`, { method: 'POST', body, headers });

/** A chunked body (no Content-Length): `first` now, the rest when `release()` is called. */
function stalledBody(first: string, rest: string): { body: ReadableStream<Uint8Array>; release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(ctrl) {
      ctrl.enqueue(enc.encode(first));
      await gate;
      ctrl.enqueue(enc.encode(rest));
      ctrl.close();
    },
  });
  return { body, release };
}

describe('line protocol (real server, real InfluxDB client)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ config: { http: { body_limit: '64KiB' } } });
  });
  afterAll(() => s.close());

  it('@influxdata/influxdb-client v2 write API: points, default tags, gzip+chunked batches; read back with SQL', async () => {
    const api = new InfluxDB({ url: `${s.url}/v1/lineproto`, token: 'any' }).getWriteApi('myorg', 'public', 'ms', { maxRetries: 0, batchSize: 500 });
    api.useDefaultTags({ region: 'us' });
    api.writePoint(new Point('cpu').tag('host', 'a').floatField('usage', 1.5).intField('n', 3).booleanField('ok', true).stringField('s', 'x y, "z"').timestamp(new Date(1700000000000)));
    api.writeRecord('mem,host=a used=1i 1700000000000');
    // > 1000 bytes: the client gzips the body and sends it chunked
    for (let i = 0; i < 60; i++) api.writePoint(new Point('many').tag('host', `h${i % 3}`).floatField('v', i).timestamp(new Date(1700000000000 + i)));
    await api.close();
    expect(await sql(s, 'SELECT host, region, usage, n, ok, s, service_timestamp FROM cpu')).toEqual([['a', 'us', 1.5, 3, true, 'x y, "z"', 1700000000000000000]]);
    expect(await sql(s, 'SELECT host, used FROM mem')).toEqual([['a', 1]]);
    expect(await sql(s, 'SELECT count(*), sum(v) FROM many')).toEqual([[60, 1770]]);
  });

  it('v1 write: precision, the same series and time merge their fields (merge_mode=last_non_null); table options name the source', async () => {
    let res = await lp(s, 'weather,city=oslo temp=3.5 1700000000\nweather,city=oslo hum=80i 1700000000\nweather,city=rome temp=18 1700000000', 'db=public&precision=s');
    expect(res.status).toBe(204);
    res = await lp(s, 'weather,city=oslo wind=4 1700000000', 'db=public&precision=s');
    expect(res.status).toBe(204);
    expect(await sql(s, 'SELECT city, temp, hum, wind FROM weather ORDER BY city')).toEqual([['oslo', 3.5, 80, 4], ['rome', 18, null, null]]);
    const create = String((await sql(s, 'SHOW CREATE TABLE weather'))[0]![1]);
    expect(create).toMatch(/merge_mode = 'last_non_null'/);
    expect(create).toMatch(/service\.semantic\.signal_type = 'metric'/);
    expect(create).toMatch(/service\.semantic\.source = 'influxdb'/);
    expect(create).toMatch(/comment = 'Created on insertion'/);
    expect(create).toMatch(/TIME INDEX \("service_timestamp"\)/);
  });

  it('a bad line is a 400 with InfluxDB\'s body naming the line, and nothing of the request is written', async () => {
    const res = await lp(s, 'atomic v=1 1\natomic v=2 2\natomic v=oops 3');
    expect(res.status).toBe(400);
    expect(res.headers.get('x-influxdb-error')).toContain("unable to parse 'atomic v=oops 3'");
    expect(await res.json()).toEqual({ error: "unable to parse 'atomic v=oops 3': invalid boolean (line 3, column 10)" });
    expect(await sql(s, "SHOW TABLES LIKE 'atomic'")).toEqual([]);
    // control characters and non-Latin-1 text in the line cannot break the X-Influxdb-Error header
    const odd = await lp(s, 'cpu v=\u0000é 1');
    expect(odd.status).toBe(400);
    expect(odd.headers.get('x-influxdb-error')).toBe("unable to parse 'cpu v=?? 1': invalid boolean (line 1, column 7)");
    const v2 = await s.fetch('/v1/lineproto/api/v2/write?bucket=public&org=o', { method: 'POST', body: 'cpu' });
    expect(v2.status).toBe(400);
    expect(await v2.json()).toEqual({ code: 'invalid', message: "unable to parse 'cpu': missing fields (line 1, column 4)" });
  });

  it('db: parameter, then x-service-db-name, unknown db is a 400 naming it; hints set table options', async () => {
    await sql(s, 'CREATE DATABASE metrics');
    expect((await lp(s, 'indb v=1 1', 'precision=ns', { 'x-service-db-name': 'metrics' })).status).toBe(204);
    expect(await sql(s, 'SELECT v FROM indb', 'metrics')).toEqual([[1]]);
    const res = await lp(s, 'x v=1', 'db=nosuch');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Database not found: nosuch');
    expect((await lp(s, 'hinted v=1\nhinted v=1', 'db=public', { 'x-service-hints': 'append_mode=true, ttl=7d' })).status).toBe(204);
    expect(await sql(s, 'SELECT count(*) FROM hinted')).toEqual([[2]]);
    const create = String((await sql(s, 'SHOW CREATE TABLE hinted'))[0]![1]);
    expect(create).toMatch(/append_mode = 'true'/);
    expect(create).toMatch(/ttl = '7d'/);
    expect(create).not.toMatch(/merge_mode/);
    const bad = await lp(s, 'x v=1', 'db=public', { 'x-service-hints': 'ttl=soon' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/invalid hint ttl=soon/);
  });

  it('gzip bodies; the body limit holds for chunked bodies without Content-Length', async () => {
    expect((await lp(s, gzipSync('zipped v=7 1'), 'db=public', { 'content-encoding': 'gzip' })).status).toBe(204);
    expect(await sql(s, 'SELECT v FROM zipped')).toEqual([[7]]);
    const big = stalledBody('chunk v=1 1\n', `chunk v=2 2\n${'#'.repeat(70 * 1024)}\n`);
    big.release();
    const res = await s.fetch('/v1/lineproto/write?db=public', { method: 'POST', body: big.body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(await sql(s, "SHOW TABLES LIKE 'chunk'")).toEqual([]);
  });

  it('ping 204 and health 200 JSON', async () => {
    const ping = await s.fetch('/v1/lineproto/ping');
    expect(ping.status).toBe(204);
    expect(ping.headers.get('x-influxdb-version')).toBeTruthy();
    const health = await s.fetch('/v1/lineproto/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'pass' });
  });
});

describe('line protocol: credentials and the in-flight write budget', () => {
  let s: TestServer;
  const dir = mkdtempSync(join(tmpdir(), 'sluice-lp-'));
  beforeAll(async () => {
    const users = join(dir, 'users');
    writeFileSync(users, 'writer=pw\n');
    s = await startTestServer({ config: { user_provider: `static_user_provider:file:${users}`, max_in_flight_write_bytes: '1KiB' } });
  });
  afterAll(async () => {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('accepts u/p parameters, Token user:password and Basic; refuses wrong ones', async () => {
    expect((await lp(s, 'auth v=1 1', 'db=public&u=writer&p=pw')).status).toBe(204);
    expect((await lp(s, 'auth v=2 2', 'db=public', { authorization: 'Token writer:pw' })).status).toBe(204);
    expect((await lp(s, 'auth v=3 3', 'db=public', { authorization: `Basic ${Buffer.from('writer:pw').toString('base64')}` })).status).toBe(204);
    expect((await lp(s, 'auth v=4 4', 'db=public&u=writer&p=bad')).status).toBe(401);
    expect((await lp(s, 'auth v=5 5', 'db=public')).status).toBe(401);
    const api = new InfluxDB({ url: `${s.url}/v1/lineproto`, token: 'writer:pw' }).getWriteApi('o', 'public', 's', { maxRetries: 0 });
    api.writeRecord('auth v=6 6');
    await api.close();
    const res = await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: 'SELECT v FROM auth ORDER BY v' }), headers: { authorization: `Basic ${Buffer.from('writer:pw').toString('base64')}` } });
    expect((await res.json()).output[0].records.rows).toEqual([[1], [2], [3], [6]]);
  });

  it('429 with the error body while the bytes of writes in flight exceed max_in_flight_write_bytes', async () => {
    const auth = { authorization: 'Token writer:pw' };
    const slow = stalledBody(`slow v=1 1\n#${'x'.repeat(800)}\n`, 'slow v=2 2\n');
    const first = s.fetch('/v1/lineproto/write?db=public', { method: 'POST', body: slow.body, headers: auth, duplex: 'half' } as RequestInit);
    await new Promise((r) => setTimeout(r, 200));
    const second = await lp(s, `shed v=1 1\n#${'y'.repeat(400)}`, 'db=public', auth);
    expect(second.status).toBe(429);
    expect((await second.json()).error).toMatch(/max_in_flight_write_bytes \(1024\)/);
    slow.release();
    expect((await first).status).toBe(204);
    // the first request's bytes were released: the same write now passes
    expect((await lp(s, `shed v=1 1\n#${'y'.repeat(400)}`, 'db=public', auth)).status).toBe(204);
  });
});
