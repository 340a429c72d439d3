// Two Sluice servers on a replicated ClickHouse cluster: ZooKeeper plus two ClickHouse replicas of one
// shard, each Sluice server talking to its own replica. Tables are created ON CLUSTER as
// ReplicatedMergeTree; both servers ingest at once through the same pipeline; after replication each
// server counts every row once. Needs clickhouse-server and zookeeper installed (throw-away servers on
// free loopback ports).
import { readFileSync } from 'node:fs';
import { startServer } from '@sluice/server';
import { startLocalClickHouse, startLocalZooKeeper } from '@sluice/storage-clickhouse';

const here = new URL('.', import.meta.url);
const keeper = await startLocalZooKeeper();
const nodes = await startLocalClickHouse(2, { zookeeper: keeper, topology: 'replicas' });
const prefix = `demo${Date.now()}_`;
const start = (node) =>
  startServer({
    config: {
      http: { addr: '127.0.0.1:0' }, logging: { level: 'warn' },
      storage: { backend: 'clickhouse', clickhouse: { url: [node.url], database_prefix: prefix, catalog_refresh: '300ms', cluster: 'sluice', on_cluster_ddl: true, replicated: true } },
    },
    pipelineWorkers: 0,
  });
const a = await start(nodes[0]);
const b = await start(nodes[1]);
const sql = async (s, q) => {
  const body = await (await fetch(`${s.url}/v1/sql`, { method: 'POST', body: new URLSearchParams({ sql: q }) })).json();
  if (!body.output) throw new Error(`${q}: ${JSON.stringify(body)}`);
  return body.output[0].records.rows;
};
const ch = async (node, q) => (await (await fetch(node.url, { method: 'POST', body: q })).text()).trim();
try {
  const yaml = readFileSync(new URL('../curl-walkthrough/pipeline.yaml', here), 'utf8');
  let r = await fetch(`${a.url}/v1/pipelines/nginx`, { method: 'POST', body: yaml, headers: { 'content-type': 'application/x-yaml' } });
  console.log('pipeline uploaded through A:', r.status);
  const log = readFileSync(new URL('../curl-walkthrough/access.log', here), 'utf8');
  // The table is created once (ON CLUSTER); then A and B ingest 10 requests each at the same time.
  r = await fetch(`${a.url}/v1/ingest?table=access&pipeline_name=nginx`, { method: 'POST', body: log, headers: { 'content-type': 'text/plain' } });
  const ingest = async (s) => {
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${s.url}/v1/ingest?table=access&pipeline_name=nginx`, { method: 'POST', body: log, headers: { 'content-type': 'text/plain' } });
      if (res.status !== 200) throw new Error(await res.text());
    }
  };
  await Promise.all([ingest(a), ingest(b)]);
  const [local] = (await ch(nodes[0], `SELECT name FROM system.tables WHERE database = '${prefix}public' AND name LIKE 'access%_local'`)).split('\n');
  console.log('engine on each node:', (await Promise.all(nodes.map((n) => ch(n, `SELECT engine FROM system.tables WHERE database = '${prefix}public' AND name = '${local}'`)))).join(', '));
  for (const n of nodes) await ch(n, `SYSTEM SYNC REPLICA ${prefix}public.${local}`); // replication is asynchronous
  console.log('count through A:', JSON.stringify(await sql(a, 'SELECT count(*) FROM access')));
  console.log('count through B:', JSON.stringify(await sql(b, 'SELECT count(*) FROM access')));
  console.log('rows on each replica:', (await Promise.all(nodes.map((n) => ch(n, `SELECT count() FROM ${prefix}public.${local}`)))).join(', '));
} finally {
  await b.close();
  await a.close();
  await Promise.all(nodes.map((n) => n.stop()));
  await keeper.stop();
}
