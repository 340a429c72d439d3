import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './start-server.js';

describe('/v1/sql end to end', () => {
  let s: TestServer;
  const sql = (q: string, params = '') => s.fetch(`/v1/sql?${params}`, { method: 'POST', body: new URLSearchParams({ sql: q }) });

  beforeAll(async () => {
    s = await startTestServer();
    // literal text: 2^53 + 1 cannot be written as a JS number
    const body = '[{"host":"a","cpu":0.5,"big":9007199254740993},{"host":"b, the second","cpu":1.25,"big":1}]';
    const res = await s.fetch('/v1/ingest?table=hosts&pipeline_name=service_identity', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
  });
  afterAll(() => s.close());

  it('runs several statements and answers one output each', async () => {
    const res = await sql('SELECT count(*) FROM hosts; SELECT host FROM hosts ORDER BY host');
    const body = await res.json();
    expect(body.output).toHaveLength(2);
    expect(body.output[0].records.rows).toEqual([[2]]);
    expect(body.output[1].records.rows).toEqual([['a'], ['b, the second']]);
    expect(body.output[1].records.schema.column_schemas).toEqual([{ name: 'host', data_type: 'String' }]);
  });

  it('takes sql and db from the query string on GET', async () => {
    const res = await s.fetch(`/v1/sql?db=public&sql=${encodeURIComponent('SELECT big FROM hosts ORDER BY big DESC LIMIT 1')}`);
    expect(await res.text()).toContain('"rows":[[9007199254740993]]');
  });

  it('encodes csv, table, json and null', async () => {
    const q = 'SELECT host, cpu FROM hosts ORDER BY host';
    expect(await (await sql(q, 'format=csv')).text()).toBe('a,0.5\r\n"b, the second",1.25\r\n');
    expect(await (await sql(q, 'format=csvWithNames')).text()).toBe('host,cpu\r\na,0.5\r\n"b, the second",1.25\r\n');
    expect(await (await sql(q, 'format=table')).text()).toBe(
      ['┌─host────────────┬─cpu──┐', '│ "a"             │ 0.5  │', '│ "b, the second" │ 1.25 │', '└─────────────────┴──────┘', ''].join('\n'),
    );
    expect((await (await sql(q, 'format=json')).json()).data).toEqual([
      { host: 'a', cpu: 0.5 },
      { host: 'b, the second', cpu: 1.25 },
    ]);
    expect(await (await sql(q, 'format=null')).text()).toMatch(/^2 rows in set\.\nElapsed: \d+\.\d{3} sec\.\n$/);
    const multi = await sql('SELECT 1; SELECT 2', 'format=csv');
    expect(multi.status).toBe(400);
  });

  it('answers errors with the error body and the mapped status', async () => {
    const missing = await sql('SELECT * FROM nowhere');
    expect(missing.status).toBe(400);
    expect((await missing.json()).code).toBe(4001);
    const syntax = await sql('SELEKT 1');
    expect(syntax.status).toBe(400);
    expect((await syntax.json()).code).toBe(2000);
    const noSql = await s.fetch('/v1/sql');
    expect(noSql.status).toBe(400);
    expect((await noSql.json()).error).toBe('sql parameter is required.');
  });
});
