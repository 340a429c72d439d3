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

  it('encodes csv, table, json and null', async () => {
    const app = setup();
    const get = async (format: string) => (await app.request(`/v1/sql?format=${format}&sql=select%20*%20from%20t`)).text();
    expect(await get('csv')).toBe('"a,b",2023-11-14 22:13:20.123,9007199254740993\n,2023-11-14 22:13:20.000,2\n');
    expect(await get('table')).toBe(
      [
        '┌─host─┬─ts──────────────────────┬─n────────────────┐',
        '│ a,b  │ 2023-11-14 22:13:20.123 │ 9007199254740993 │',
        '│      │ 2023-11-14 22:13:20.000 │ 2                │',
        '└──────┴─────────────────────────┴──────────────────┘',
        '',
      ].join('\n'),
    );
    const json = await get('json');
    expect(json).toContain('{"host":"a,b","ts":1700000000123,"n":9007199254740993}');
    expect(await get('null')).toMatch(/^2 rows in set\.\nElapsed: \d+ ms\n$/);
  });

  it('reports a missing sql, an unknown format and engine errors with the error body', async () => {
    const app = setup();
    const missing = await app.request('/v1/sql');
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatch(/'sql'/);
    const fmt = await app.request('/v1/sql?sql=x&format=xml');
    expect((await fmt.json()).error).toMatch(/unknown format 'xml'/);
    const syntax = await app.request('/v1/sql?sql=selec');
    expect(syntax.status).toBe(400);
    const body = await syntax.json();
    expect(body.code).toBe(2000);
    expect(Object.keys(body).sort()).toEqual(['code', 'error', 'execution_time_ms']);
  });
});
