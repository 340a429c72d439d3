import { describe, expect, it } from 'vitest';
import type { StatementOutput } from '@sluice/query';
import { createApp } from '../app.js';
import { fakeDeps } from '../testing/fake-deps.js';

const RECORDS: StatementOutput = {
  kind: 'records',
  columns: [
    { name: 'host', type: 'string', dataType: 'String' },
    { name: 'ts', type: 'timestamp_ms', dataType: 'TimestampMillisecond' },
    { name: 'n', type: 'int64', dataType: 'Int64' },
  ],
  rows: [
    ['a,b', 1700000000123n, 9007199254740993n],
    [null, 1700000000000n, 2],
  ],
};

function setup() {
  const deps = fakeDeps({ answers: { 'select * from t': [RECORDS], 'insert x': [{ kind: 'affected_rows', count: 3 }] } });
  return createApp(deps);
}

describe('/v1/sql', () => {
  it('answers greptimedb_v1 JSON with exact 64-bit integers (GET and form POST)', async () => {
    const app = setup();
    const res = await app.request('/v1/sql?sql=select%20*%20from%20t');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('[["a,b",1700000000123,9007199254740993],[null,1700000000000,2]]');
    const body = JSON.parse(text);
    expect(body.output[0].records.schema.column_schemas).toEqual([
      { name: 'host', data_type: 'String' },
      { name: 'ts', data_type: 'TimestampMillisecond' },
      { name: 'n', data_type: 'Int64' },
    ]);
    expect(body.output[0].records.total_rows).toBe(2);
    const post = await app.request('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: 'insert x', db: 'public' }) });
    expect((await post.json()).output).toEqual([{ affectedrows: 3 }]);
  });

  it('encodes csv (with names and types), table, json and null as GreptimeDB does', async () => {
    const app = setup();
    const get = async (format: string, sql = 'select * from t') => {
      const res = await app.request(`/v1/sql?format=${format}&sql=${encodeURIComponent(sql)}`);
      return { res, text: await res.text() };
    };
    const csv = await get('csv');
    expect(csv.text).toBe('"a,b",1700000000123,9007199254740993\r\n,1700000000000,2\r\n');
    expect(csv.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.res.headers.get('x-service-format')).toBe('csv');
    expect((await get('csvWithNames')).text).toMatch(/^host,ts,n\r\n"a,b"/);
    expect((await get('CSVWITHNAMESANDTYPES')).text).toMatch(/^host,ts,n\r\nString,TimestampMillisecond,Int64\r\n"a,b"/);
    expect((await get('csv', 'insert x')).text).toBe('3\n');
    expect((await get('table')).text).toBe(
      [
        '┌─host──┬─ts────────────┬─n────────────────┐',
        '│ "a,b" │ 1700000000123 │ 9007199254740993 │',
        '│ null  │ 1700000000000 │ 2                │',
        '└───────┴───────────────┴──────────────────┘',
        '',
      ].join('\n'),
    );
    const json = (await get('json')).text;
    expect(json).toMatch(/^\{"data":\[\{"host":"a,b","ts":1700000000123,"n":9007199254740993\},\{"host":null,"ts":1700000000000,"n":2\}\],"execution_time_ms":\d+\}$/);
    expect(JSON.parse((await get('json', 'insert x')).text)).toMatchObject({ data: [], affected_rows: 3 });
    expect((await get('null')).text).toMatch(/^2 rows in set\.\nElapsed: \d+\.\d{3} sec\.\n$/);
    expect((await get('null', 'insert x')).text).toMatch(/^3 rows affected\./);
  });

  it('refuses several statements in the text formats', async () => {
    const app = createApp(fakeDeps({ answers: { 'two': [RECORDS, RECORDS] } }));
    for (const format of ['csv', 'table', 'json', 'null']) {
      const res = await app.request(`/v1/sql?format=${format}&sql=two`);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(`cannot output multi-statements result in ${format} format`);
    }
    expect((await (await app.request('/v1/sql?sql=two')).json()).output).toHaveLength(2);
  });

  it('reports a missing sql, an unknown format and engine errors with the error body', async () => {
    const app = setup();
    const missing = await app.request('/v1/sql');
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe('sql parameter is required.');
    const fmt = await app.request('/v1/sql?sql=x&format=xml');
    expect((await fmt.json()).error).toMatch(/unknown format 'xml'/);
    const syntax = await app.request('/v1/sql?sql=selec');
    expect(syntax.status).toBe(400);
    const body = await syntax.json();
    expect(body.code).toBe(2000);
    expect(syntax.headers.get('x-service-error-code')).toBe('2000');
    expect(Object.keys(body).sort()).toEqual(['code', 'error', 'execution_time_ms']);
  });
});
