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
    // Refused before any statement runs: the INSERT below must not have written.
    const before = await (await sql('SELECT count(*) AS n FROM hosts', 'format=json')).json();
    const two = "INSERT INTO hosts (host, cpu, service_timestamp) VALUES ('c', 2.5, 1700000000000); SELECT 1";
    const refused = await sql(two, 'format=table');
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('cannot output multi-statements result in table format');
    expect(await (await sql('SELECT count(*) AS n FROM hosts', 'format=json')).json()).toMatchObject({ data: before.data });
    // The same text in a multi-result format runs both statements (so the refusal above is what kept it out).
    expect((await sql(two)).status).toBe(200);
    expect((await (await sql('SELECT count(*) AS n FROM hosts', 'format=json')).json()).data[0].n).toBe(before.data[0].n + 1);
    await sql("DELETE FROM hosts WHERE host = 'c'");
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

  it('answers range queries, and a window count over the budget with 400', async () => {
    const ok = await sql("SELECT service_timestamp, host, max(cpu) RANGE '1h' FROM hosts ALIGN '1h' BY (host) ORDER BY host");
    expect(ok.status).toBe(200);
    const out = (await ok.json()).output[0].records;
    expect(out.schema.column_schemas.map((c: { name: string }) => c.name)).toEqual(['service_timestamp', 'host', 'max(hosts.cpu) RANGE 1h']);
    expect(out.rows.map((r: unknown[]) => r.slice(1))).toEqual([['a', 0.5], ['b, the second', 1.25]]);
    // Two rows a year apart, every millisecond between them filled: refused before it is built.
    await sql("CREATE TABLE far (ts TIMESTAMP TIME INDEX, v DOUBLE); INSERT INTO far VALUES ('2025-01-01 00:00:00', 1), ('2026-01-01 00:00:00', 2)");
    const huge = await sql("SELECT ts, max(v) RANGE '1ms' FILL PREV FROM far ALIGN '1ms'");
    expect(huge.status).toBe(400);
    expect((await huge.json()).code).toBe(6000);
  });
});
