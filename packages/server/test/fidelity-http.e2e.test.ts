// Issue 11: GreptimeDB's HTTP paths, output forms and permission modes, over real HTTP.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './start-server.js';

describe('GreptimeDB fidelity: HTTP paths and output', () => {
  let s: TestServer;
  const get = (path: string) => s.fetch(path);

  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('GET and POST /ready and /v1/health answer {}', async () => {
    for (const path of ['/ready', '/v1/health', '/health']) {
      for (const method of ['GET', 'POST']) {
        const res = await s.fetch(path, { method });
        expect(res.status).toBe(200);
        expect(await res.text()).toBe('{}');
      }
    }
  });

  it('public.numbers: number UInt32, 0..99; format=influxdb_v1 and json as GreptimeDB answers them', async () => {
    const v1 = await (await get('/v1/sql?sql=select * from numbers limit 10')).json();
    expect(v1.output[0].records).toEqual({ schema: { column_schemas: [{ name: 'number', data_type: 'UInt32' }] }, rows: [[0], [1], [2], [3], [4], [5], [6], [7], [8], [9]], total_rows: 10 });
    const influx = await (await get('/v1/sql?format=influxdb_v1&sql=select * from numbers limit 3')).json();
    expect(influx.results).toEqual([{ statement_id: 0, series: [{ name: '', columns: ['number'], values: [[0], [1], [2]] }] }]);
    expect(await (await get('/v1/sql?sql=select count(*), max(number) from public.numbers')).json()).toMatchObject({ output: [{ records: { rows: [[100, 99]] } }] });
  });

  it('Float64 values always carry a fraction in JSON output', async () => {
    const create = await get(`/v1/sql?sql=${encodeURIComponent('CREATE TABLE demo (host STRING, cpu DOUBLE, memory DOUBLE, ts TIMESTAMP TIME INDEX, PRIMARY KEY(host))')}`);
    expect(create.status).toBe(200);
    await get(`/v1/sql?sql=${encodeURIComponent("insert into demo values('host, \"name', 66.6, 1024, 0)")}`);
    const text = await (await get('/v1/sql?sql=select * from demo')).text();
    expect(text).toContain('"rows":[["host, \\"name",66.6,1024.0,0]]');
    expect(await (await get('/v1/sql?format=json&sql=select memory from demo')).text()).toContain('{"memory":1024.0}');
    expect(await (await get('/v1/sql?format=influxdb_v1&sql=select memory from demo')).text()).toContain('"values":[[1024.0]]');
  });

  it('db=catalog-schema names the schema', async () => {
    const res = await get('/v1/sql?db=greptime-public&sql=select count(*) from demo');
    expect(res.status).toBe(200);
    expect((await res.json()).output[0].records.rows).toEqual([[1]]);
  });

  it('sql parameter is required. (the error GreptimeDB clients match), on /v1/sql, /v1/sql/parse and /v1/sql/format', async () => {
    for (const path of ['/v1/sql', '/v1/sql/parse', '/v1/sql/format']) {
      const res = await get(path);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 1004, error: 'sql parameter is required.' });
    }
  });

  it('/v1/sql/format and /v1/sql/parse (GET and POST)', async () => {
    const res = await get(`/v1/sql/format?sql=${encodeURIComponent('select a,count(*) from t where x in (1,2) group by a; select 1')}`);
    expect(await res.json()).toEqual({ formatted: 'SELECT a, count(*) FROM t WHERE x IN (1, 2) GROUP BY a;\nSELECT 1;' });
    const post = await s.fetch('/v1/sql/format', { method: 'POST', body: new URLSearchParams({ sql: 'insert into t values (1)' }) });
    expect(await post.json()).toEqual({ formatted: 'INSERT INTO t VALUES (1);' });
    const parsed = await (await s.fetch('/v1/sql/parse', { method: 'POST', body: new URLSearchParams({ sql: 'select 1; show tables' }) })).json();
    expect(parsed.map((p: { kind: string }) => p.kind)).toEqual(['select', 'show_tables']);
    const bad = await get('/v1/sql/format?sql=selec 1');
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe(2000);
  });

  it('service_private.pipelines lists the stored pipelines, in sync with /v1/pipelines', async () => {
    const up = await s.fetch('/v1/pipelines/p1', { method: 'POST', body: 'processors: []\n', headers: { 'content-type': 'application/x-yaml' } });
    const version = (await up.json()).pipelines[0].version as string;
    const rows = async () => (await (await get(`/v1/sql?sql=${encodeURIComponent('select name, schema, content_type, pipeline from service_private.pipelines')}`)).json()).output[0].records.rows;
    expect(await rows()).toEqual([['p1', '', 'yaml', 'processors: []\n']]);
    expect((await (await get('/v1/sql?sql=show databases')).json()).output[0].records.rows).toContainEqual(['service_private']);
    await s.fetch(`/v1/pipelines/p1?version=${encodeURIComponent(version)}`, { method: 'DELETE' });
    expect(await rows()).toEqual([]);
  });

  it('SQL requests ignore valid hints (SQL never creates a table on insertion) and refuse invalid ones', async () => {
    const ok = await s.fetch('/v1/sql?sql=select 1', { headers: { 'x-service-hints': 'ttl=7d' } });
    expect(ok.status).toBe(200);
    const bad = await s.fetch('/v1/sql?sql=select 1', { headers: { 'x-service-hint-ttl': 'soon' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/invalid hint ttl=soon/);
  });
});

describe('static user provider permission modes (user:ro=..., user:wo=..., rw)', () => {
  let s: TestServer;
  let dir: string;
  const auth = (u: string, p: string) => ({ authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}` });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sluice-users-'));
    const file = join(dir, 'users');
    writeFileSync(file, 'admin=admin_pwd\nalice:readonly=aaa\nbob:wo=bbb\neditor:rw=eee\n');
    s = await startTestServer({ config: { user_provider: `static_user_provider:file:${file}` } as never });
  });
  afterAll(async () => {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a read-only user queries but cannot write; a write-only user writes but cannot query', async () => {
    const ingest = (who: Record<string, string>) =>
      s.fetch('/v1/ingest?table=perm&pipeline_name=service_identity', { method: 'POST', body: '{"m":1}', headers: { 'content-type': 'application/json', ...who } });
    const query = (who: Record<string, string>, q = 'select count(*) from perm') => s.fetch(`/v1/sql?sql=${encodeURIComponent(q)}`, { headers: who });

    const denied = await ingest(auth('alice', 'aaa'));
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: 7006, error: 'User is not authorized to perform this action' });
    expect((await ingest(auth('bob', 'bbb'))).status).toBe(200);
    expect((await query(auth('bob', 'bbb'))).status).toBe(403);
    expect((await query(auth('alice', 'aaa'))).status).toBe(200);
    expect((await query(auth('alice', 'aaa'), 'insert into perm (m, service_timestamp) values (2, 0)')).status).toBe(403);
    expect((await query(auth('editor', 'eee'), 'insert into perm (m, service_timestamp) values (2, 0)')).status).toBe(200);
    expect((await ingest(auth('admin', 'admin_pwd'))).status).toBe(200);
    const upload = await s.fetch('/v1/pipelines/x', { method: 'POST', body: 'processors: []\n', headers: { 'content-type': 'application/x-yaml', ...auth('alice', 'aaa') } });
    expect(upload.status).toBe(403);
  });
});
