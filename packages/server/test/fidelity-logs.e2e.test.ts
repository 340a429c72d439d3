// Issue 11: GreptimeDB fidelity of the log path, checked over real HTTP against the real server.
// Expected texts come from GreptimeDB's docs and tests-integration/tests/http.rs (brand names → service_).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './start-server.js';

describe('GreptimeDB fidelity: log ingestion, pipelines and table DDL', () => {
  let s: TestServer;
  const sql = async (q: string) => {
    const res = await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: q }) });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${q}: ${JSON.stringify(body)}`);
    return body.output[0].records.rows as unknown[][];
  };
  const desc = async (t: string) => (await sql(`DESC ${t}`)).map((r) => `${r[0]}:${r[1]}:${r[2]}`);
  const showCreate = async (t: string) => (await sql(`SHOW CREATE TABLE ${t}`))[0]![1] as string;
  const ingest = (query: string, body: string, headers: Record<string, string> = {}) =>
    s.fetch(`/v1/ingest?${query}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  const upload = async (name: string, yaml: string) => {
    const res = await s.fetch(`/v1/pipelines/${name}`, { method: 'POST', body: yaml, headers: { 'content-type': 'application/x-yaml' } });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()).pipelines[0].version as string;
  };

  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('service_identity flattens objects into dotted columns in name order; arrays as JSON text; null-only keys make no column', async () => {
    const body = '{"name":"Alice","age":20,"score":90.5,"object":{"a":1,"b":2},"whatever":null}\n{"age":21,"company":"A","array":[1,2,3]}';
    expect((await ingest('table=idt&pipeline_name=service_identity', body)).status).toBe(200);
    expect(await desc('idt')).toEqual([
      'service_timestamp:TimestampNanosecond:PRI', 'age:Int64:', 'name:String:', 'object.a:Int64:', 'object.b:Int64:', 'score:Float64:', 'array:String:', 'company:String:',
    ]);
    expect(await sql('SELECT "object.a", array FROM idt ORDER BY age')).toEqual([[1, null], [null, '[1,2,3]']]);
  });

  it('max_nested_levels in x-service-pipeline-params: deeper parts are JSON text', async () => {
    const doc = { a: { b: { c: { d: [1, 2, 3] } } }, f: { g: { h: 123, j: { k: true } } } };
    const res = await ingest('table=nest&pipeline_name=service_identity', JSON.stringify(doc), { 'x-service-pipeline-params': 'max_nested_levels=3' });
    expect(res.status).toBe(200);
    expect(await sql('SELECT "a.b.c", "f.g.h", "f.g.j" FROM nest')).toEqual([['{"d":[1,2,3]}', 123, '{"k":true}']]);
  });

  it('custom_time_index (epoch and datestr) chooses a typed time index, over HTTP', async () => {
    const epoch = await ingest('table=cti&pipeline_name=service_identity&custom_time_index=ts;epoch;s', '[{"action":"login","ts":1742814853}]');
    expect(epoch.status, await epoch.clone().text()).toBe(200);
    expect(await desc('cti')).toEqual(['ts:TimestampSecond:PRI', 'action:String:']);
    const viaHeader = await ingest('table=cti2&pipeline_name=service_identity', '{"t":"2025-07-17T10:00:00+0800","m":1}', {
      'x-service-pipeline-params': 'custom_time_index=t;datestr;%Y-%m-%dT%H:%M:%S%z',
    });
    expect(viaHeader.status, await viaHeader.clone().text()).toBe(200);
    expect(await desc('cti2')).toEqual(['t:TimestampNanosecond:PRI', 'm:Int64:']);
    expect(await sql('SELECT t FROM cti2')).toEqual([[1752717600000000000]]);
  });

  it('header parameters win over query parameters; near-miss names are a 400 with "did you mean"', async () => {
    // The query says 1 level (objects as JSON text), the header 10: the header wins.
    const res = await ingest('table=prec&pipeline_name=service_identity&max_nested_levels=1', '{"a":{"b":1}}', { 'x-service-pipeline-params': 'max_nested_levels=10' });
    expect(res.status).toBe(200);
    expect(await desc('prec')).toContain('a.b:Int64:');
    const typo = await ingest('table=prec&pipeline_name=service_identity', '{}', { 'x-service-pipeline-params': 'max_nested_level=3' });
    expect(typo.status).toBe(400);
    expect((await typo.json()).error).toBe("unknown parameter 'max_nested_level' in header x-service-pipeline-params; did you mean 'max_nested_levels'?");
    const qtypo = await ingest('table=prec&pipeline_name=service_identity&skip_eror=true', '{}');
    expect(qtypo.status).toBe(400);
    expect((await qtypo.json()).error).toMatch(/did you mean 'skip_error'/);
  });

  it('x-service-pipeline-name wins over pipeline_name; the older x-service-log-pipeline-name works', async () => {
    const res = await ingest('table=hdr&pipeline_name=no_such_pipeline', '{"m":"hello"}', { 'x-service-pipeline-name': 'service_identity' });
    expect(res.status, await res.clone().text()).toBe(200);
    const old = await ingest('table=hdr', '{"m":"again"}', { 'x-service-log-pipeline-name': 'service_identity' });
    expect(old.status).toBe(200);
    expect(await sql('SELECT m FROM hdr ORDER BY m')).toEqual([['again'], ['hello']]);
  });

  it('hints set the options of the tables a write creates; tables get the insertion comment and append mode', async () => {
    const res = await ingest('table=hinted&pipeline_name=service_identity', '{"m":1}', { 'x-service-hints': 'ttl=1d, skip_wal=true', 'x-service-hint-merge_mode': 'last_row' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await showCreate('hinted')).toBe(
      'CREATE TABLE IF NOT EXISTS "hinted" (\n  "service_timestamp" TIMESTAMP(9) NOT NULL,\n  "m" BIGINT NULL,\n  TIME INDEX ("service_timestamp")\n)\n\nENGINE=mito\n' +
        "WITH(\n  'comment' = 'Created on insertion',\n  merge_mode = 'last_row',\n  skip_wal = 'true',\n  ttl = '1day'\n)",
    );
    const bad = await ingest('table=hinted2&pipeline_name=service_identity', '{"m":1}', { 'x-service-hints': 'tll=1d' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/unknown hint 'tll'.*did you mean 'ttl'/);
  });

  it('a record field named like a table option sets it, with no VRL involved', async () => {
    const res = await ingest('table=recopt&pipeline_name=service_identity', '{"m":1,"service_ttl":"7d","service_table_suffix":"_x"}');
    expect(res.status).toBe(200);
    expect(await showCreate('recopt_x')).toMatch(/WITH\(\n {2}'comment' = 'Created on insertion',\n {2}append_mode = 'true',\n {2}ttl = '7days'\n\)$/);
    expect(await desc('recopt_x')).toEqual(['service_timestamp:TimestampNanosecond:PRI', 'm:Int64:']);
  });

  it("GreptimeDB's pipeline test: index kinds, options and tags in the schema, SHOW CREATE TABLE as GreptimeDB prints it", async () => {
    await upload('idx', `
processors:
  - date:
      field: time
      formats:
        - "%Y-%m-%d %H:%M:%S%.3f"
      ignore_missing: true
transform:
  - fields:
      - id1
      - id2
    type: int32
    index: inverted
  - fields:
      - logger
    type: string
  - field: type
    type: string
    index: skipping
    tag: true
  - field: log
    type: string
    index: fulltext
    tag: true
  - field: time
    type: time
    index: timestamp
`);
    const data = '[{"id1":"2436","id2":"2528","logger":"INTERACT.MANAGER","type":"I","time":"2024-05-25 20:16:37.217","log":"ClusterAdapter:enter sendTextDataToCluster"}]';
    expect((await ingest('table=logs1&pipeline_name=idx', data)).status).toBe(200);
    expect(await showCreate('logs1')).toBe(
      'CREATE TABLE IF NOT EXISTS "logs1" (\n  "id1" INT NULL INVERTED INDEX,\n  "id2" INT NULL INVERTED INDEX,\n  "logger" STRING NULL,\n' +
        `  "type" STRING NULL SKIPPING INDEX WITH(false_positive_rate = '0.01', granularity = '10240', type = 'BLOOM'),\n` +
        `  "log" STRING NULL FULLTEXT INDEX WITH(analyzer = 'English', backend = 'bloom', case_sensitive = 'false', false_positive_rate = '0.01', granularity = '10240'),\n` +
        '  "time" TIMESTAMP(9) NOT NULL,\n  TIME INDEX ("time"),\n  PRIMARY KEY ("type", "log")\n)\n\nENGINE=mito\n' +
        "WITH(\n  'comment' = 'Created on insertion',\n  append_mode = 'true'\n)",
    );
    expect(await desc('logs1')).toEqual(['id1:Int32:', 'id2:Int32:', 'logger:String:', 'type:String:PRI', 'log:String:PRI', 'time:TimestampNanosecond:PRI']);
  });

  it('index options given in the transform are stored and printed', async () => {
    await upload('idxopt', `
processors:
  - date:
      field: ts
      formats:
        - "%Y-%m-%d %H:%M:%S%.3f"
transform:
  - field: message
    type: string
    index:
      type: fulltext
      options:
        analyzer: Chinese
        case_sensitive: true
        backend: bloom
        granularity: 2048
        false_positive_rate: 0.02
  - field: trace_id
    type: int64
    index:
      type: skipping
      options:
        granularity: 1024
        false_positive_rate: 0.05
        type: BLOOM
  - field: ts
    type: time
    index: timestamp
`);
    expect((await ingest('table=pio&pipeline_name=idxopt', '[{"message":"hello","trace_id":42,"ts":"2024-05-25 20:16:37.217"}]')).status).toBe(200);
    expect(await showCreate('pio')).toBe(
      `CREATE TABLE IF NOT EXISTS "pio" (\n  "message" STRING NULL FULLTEXT INDEX WITH(analyzer = 'Chinese', backend = 'bloom', case_sensitive = 'true', false_positive_rate = '0.02', granularity = '2048'),\n` +
        `  "trace_id" BIGINT NULL SKIPPING INDEX WITH(false_positive_rate = '0.05', granularity = '1024', type = 'BLOOM'),\n` +
        '  "ts" TIMESTAMP(9) NOT NULL,\n  TIME INDEX ("ts")\n)\n\nENGINE=mito\n' +
        "WITH(\n  'comment' = 'Created on insertion',\n  append_mode = 'true'\n)",
    );
  });

  it('GET /v1/pipelines/{name}/ddl prints the CREATE TABLE the transform would make', async () => {
    const res = await s.fetch('/v1/pipelines/idx/ddl?table=logs9');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.sql.sql).toBe(
      'CREATE TABLE IF NOT EXISTS `logs9` (\n  `id1` INT NULL INVERTED INDEX,\n  `id2` INT NULL INVERTED INDEX,\n  `logger` STRING NULL,\n' +
        "  `type` STRING NULL SKIPPING INDEX WITH(false_positive_rate = '0.01', granularity = '10240', type = 'BLOOM'),\n" +
        "  `log` STRING NULL FULLTEXT INDEX WITH(analyzer = 'English', backend = 'bloom', case_sensitive = 'false', false_positive_rate = '0.01', granularity = '10240'),\n" +
        "  `time` TIMESTAMP(9) NOT NULL,\n  TIME INDEX (`time`),\n  PRIMARY KEY (`type`, `log`)\n)\nENGINE=mito\nWITH(\n  append_mode = 'true'\n)",
    );
    expect(body.sql.message).toBeUndefined();
    expect((await (await s.fetch('/v1/pipelines/idx/ddl?table=logs1')).json()).sql.message).toBe('table already exists, the CREATE TABLE SQL may be different');
    const builtin = await s.fetch('/v1/pipelines/service_identity/ddl?table=x');
    expect(builtin.status).toBe(400);
    expect((await builtin.json()).error).toBe("Invalid request parameter: built-in pipelines don't have fixed table schema");
    expect((await (await s.fetch('/v1/pipelines/idx/ddl')).json()).error).toBe('Invalid request parameter: table name is required');
  });

  it('version 2 keeps unlisted fields (GreptimeDB test_pipeline_2)', async () => {
    await upload('v2', `
version: 2
processors:
  - date:
      field: time
      formats:
        - "%Y-%m-%d %H:%M:%S%.3f"
transform:
  - field: id1
    type: int32
    index: inverted
  - field: time
    type: time
    index: timestamp
`);
    expect((await ingest('table=d_table&pipeline_name=v2', '[{"id1":"123","id2":"2436","time":"2024-05-25 20:16:37.217"}]')).status).toBe(200);
    expect(await showCreate('d_table')).toBe(
      'CREATE TABLE IF NOT EXISTS "d_table" (\n  "id1" INT NULL INVERTED INDEX,\n  "time" TIMESTAMP(9) NOT NULL,\n  "id2" STRING NULL,\n  TIME INDEX ("time")\n)\n\nENGINE=mito\n' +
        "WITH(\n  'comment' = 'Created on insertion',\n  append_mode = 'true'\n)",
    );
  });

  it('no transform: the time index first, then the other columns in name order (GreptimeDB auto transform)', async () => {
    await upload('auto', `
processors:
  - dissect:
      fields:
        - message
      patterns:
        - '%{ip_address} - %{username} [%{timestamp}] "%{http_method} %{request_line} %{protocol}" %{status_code} %{response_size}'
  - date:
      fields:
        - timestamp
      formats:
        - "%d/%b/%Y:%H:%M:%S %z"
`);
    const line = '127.0.0.1 - - [25/May/2024:20:16:37 +0000] "GET /index.html HTTP/1.1" 200 612';
    expect((await ingest('table=auto_trans&pipeline_name=auto', line, { 'content-type': 'text/plain' })).status).toBe(200);
    expect((await desc('auto_trans')).map((d) => d.split(':')[0])).toEqual([
      'timestamp', 'http_method', 'ip_address', 'message', 'protocol', 'request_line', 'response_size', 'status_code', 'username',
    ]);
  });

  it('fields map form {key, rename_to}; dissect takes "a, b" (only the input is used, the dry run says so) and joins appends with a space', async () => {
    const yaml = `
processors:
  - dissect:
      fields:
        - message, ignored
      patterns:
        - '%{+ts} %{+ts} %{rest}'
  - letter:
      fields:
        - key: rest
          rename_to: upper_rest
      method: upper
`;
    const res = await s.fetch('/v1/pipelines/_dryrun', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pipeline: yaml, data: 'Nov 22 ok', data_type: 'text/plain' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [table] = await res.json();
    const row = Object.fromEntries(table.rows[0].map((c: { key: string; value: unknown }) => [c.key, c.value]));
    expect(row).toMatchObject({ ts: 'Nov 22', rest: 'ok', upper_rest: 'OK' });
    expect(table.warnings).toEqual([expect.stringMatching(/the new name 'ignored' of field 'message' is unused/)]);
  });

  it('dispatcher: a rule without pipeline runs the identity pipeline, unmatched rows stay in the base table; a missing pipeline is a 400 naming it', async () => {
    await upload('disp', `
processors: []
dispatcher:
  field: type
  rules:
    - value: http
      table_suffix: _http
transform:
  - field: type
    type: string
  - field: ts
    type: epoch, ms
    index: timestamp
`);
    const res = await ingest('table=dl&pipeline_name=disp', '[{"type":"http","ts":1,"obj":{"a":1}},{"type":"db","ts":2}]');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await desc('dl_http')).toEqual(['service_timestamp:TimestampNanosecond:PRI', 'obj.a:Int64:', 'ts:Int64:', 'type:String:']);
    expect(await sql('SELECT type FROM dl')).toEqual([['db']]);
    await upload('disp_missing', `
processors: []
dispatcher:
  field: type
  rules:
    - value: http
      table_suffix: _http
      pipeline: nowhere
`);
    const missing = await ingest('table=dm&pipeline_name=disp_missing', '[{"type":"http"}]');
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatch(/pipeline 'nowhere' not found/);
  });

  it('table_suffix: _${field} is a template; rows without the field go to the base table', async () => {
    await upload('sfx', `
processors: []
table_suffix: _\${kind}
`);
    expect((await ingest('table=ts', '[{"kind":"a","v":1},{"v":2}]', { 'x-service-pipeline-name': 'sfx' })).status).toBe(200);
    expect(await sql('SELECT v FROM ts_a')).toEqual([[1]]);
    expect(await sql('SELECT v FROM ts')).toEqual([[2]]);
  });

  it("pipeline versions: printed as GreptimeDB prints them, accepted with a trailing Z or +0000", async () => {
    const v = await upload('ver', 'processors: []\n');
    expect(v).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.(\d{3}|\d{6}|\d{9}))?$/);
    for (const form of [v, `${v}Z`, `${v}+0000`, v.replace(' ', 'T')]) {
      const res = await s.fetch(`/v1/pipelines/ver?version=${encodeURIComponent(form)}`);
      expect(res.status, form).toBe(200);
      expect((await res.json()).pipelines[0].version).toBe(v);
    }
    const bad = await s.fetch('/v1/pipelines/ver?version=yesterday');
    expect((await bad.json()).error).toBe('Invalid pipeline version format: yesterday');
  });

  it('the dry run takes the same parameters and answers content-type and JSON errors in GreptimeDB\'s words', async () => {
    const res = await s.fetch('/v1/pipelines/_dryrun?pipeline_name=service_identity&custom_time_index=ts;epoch;ms', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: '[{"ts":1000,"a":{"b":1}}]',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [t] = await res.json();
    expect(t.schema.map((c: { name: string; data_type: string }) => `${c.name}:${c.data_type}`)).toEqual(['ts:TIMESTAMP_MILLISECOND', 'a.b:INT64']);
    const post = (body: unknown) => s.fetch('/v1/pipelines/_dryrun', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const badType = await post({ pipeline: 'processors: []\n', data: 'x', data_type: 'application/yaml' });
    expect(badType.status).toBe(400);
    expect((await badType.json()).error).toBe('Invalid request parameter: invalid content type: application/yaml, expected: one of application/json, application/x-ndjson, text/plain');
    const badJson = await post({ pipeline: 'processors: []\n', data: 'not json', data_type: 'application/json' });
    expect(badJson.status).toBe(400);
    expect((await badJson.json()).error).toBe('Invalid request parameter: json format error, please check the date is valid JSON.');
    const badYaml = await post({ pipeline: 'processors: [', data: '[]' });
    expect(badYaml.status).toBe(400);
    expect((await badYaml.json()).error).toMatch(/^Failed to build pipeline: /);
  });
});
