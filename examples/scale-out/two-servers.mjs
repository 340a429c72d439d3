// Two stateless Sluice servers on one ClickHouse: a pipeline uploaded through A is used by B, rows
// ingested through B are queried through A, and EXPLAIN shows what went to ClickHouse.
// Needs clickhouse-server installed (it starts a throw-away one on a free loopback port), or set
// CLICKHOUSE_URL to use a running server.
import { readFileSync } from 'node:fs';
import { startServer } from '@sluice/server';
import { startLocalClickHouse } from '@sluice/storage-clickhouse';

const here = new URL('.', import.meta.url);
const local = process.env.CLICKHOUSE_URL ? undefined : (await startLocalClickHouse(1))[0];
const url = process.env.CLICKHOUSE_URL ?? local.url;
process.env.SLUICE_CLICKHOUSE_PASSWORD ??= '';
const start = () =>
  startServer({
    configFile: new URL('sluice.toml', here).pathname,
    config: { http: { addr: '127.0.0.1:0' }, logging: { level: 'warn' }, storage: { clickhouse: { url: [url], database_prefix: `demo${Date.now()}_`, catalog_refresh: '500ms', password_env: 'SLUICE_CLICKHOUSE_PASSWORD' } } },
    pipelineWorkers: 0,
  });
// Both servers must share the prefix: start A, then B with A's effective configuration.
const a = await start();
const b = await startServer({ config: { ...a.config, http: { ...a.config.http, addr: '127.0.0.1:0' } }, pipelineWorkers: 0, logStream: { write() {} } });
const sql = async (s, q) => {
  const body = await (await fetch(`${s.url}/v1/sql`, { method: "POST", body: new URLSearchParams({ sql: q }) })).json();
  if (!body.output) throw new Error(`${q}: ${JSON.stringify(body)}`);
  return body.output[0].records.rows;
};
try {
  const yaml = readFileSync(new URL('../curl-walkthrough/pipeline.yaml', here), 'utf8');
  let r = await fetch(`${a.url}/v1/pipelines/nginx`, { method: 'POST', body: yaml, headers: { 'content-type': 'application/x-yaml' } });
  console.log('pipeline uploaded through A:', r.status);
  await new Promise((res) => setTimeout(res, 700));
  const log = readFileSync(new URL('../curl-walkthrough/access.log', here), 'utf8');
  r = await fetch(`${b.url}/v1/ingest?table=access&pipeline_name=nginx`, { method: 'POST', body: log, headers: { 'content-type': 'text/plain' } });
  console.log('ingested through B:', JSON.stringify((await r.json()).output));
  console.log('count through A:', JSON.stringify(await sql(a, 'SELECT count(*) FROM access')));
  console.log('by status through B:', JSON.stringify(await sql(b, 'SELECT status, count(*) FROM access GROUP BY status ORDER BY status')));
  console.log('EXPLAIN:');
  for (const row of await sql(a, "EXPLAIN SELECT status, count(*) FROM access WHERE method = 'GET' GROUP BY status")) console.log(String(row.at(-1)).replace(/^/gm, '  '));
} finally {
  await b.close();
  await a.close();
  await local?.stop();
}
