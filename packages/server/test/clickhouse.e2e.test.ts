import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickHouseBinary, startLocalClickHouse, type LocalClickHouse } from '@sluice/storage-clickhouse';
import { startTestServer, type TestServer } from './start-server.js';

const NGINX_YAML = readFileSync(new URL('./fixtures/nginx.yaml', import.meta.url), 'utf8');
const NGINX_LOG = readFileSync(new URL('./fixtures/nginx.log', import.meta.url), 'utf8');

const bin = clickHouseBinary();
if (bin === undefined && process.env.CI) throw new Error('clickhouse-server is missing in CI (.ci/apt-packages.txt lists it)');
if (bin === undefined) console.warn('skipping the ClickHouse backend e2e: clickhouse-server is not installed here');

const REFRESH_MS = 300;

/** Two Sluice servers on the ClickHouse backend (one clickhouse-server on 127.0.0.1): stateless, sharing data and catalog. */
describe.skipIf(bin === undefined)('Sluice on ClickHouse ([storage] backend = "clickhouse")', () => {
  let ch: LocalClickHouse;
  let a: TestServer;
  let b: TestServer;
  const storage = (url: string) => ({
    backend: 'clickhouse' as const,
    clickhouse: { url: [url], database_prefix: 'e2e_', catalog_refresh: `${REFRESH_MS}ms`, password_env: 'SLUICE_TEST_CH_PASSWORD' },
  });
  const sql = async (s: TestServer, q: string) => {
    const res = await s.fetch('/v1/sql?db=public', { method: 'POST', body: new URLSearchParams({ sql: q }) });
    const text = await res.text();
    return { status: res.status, text, rows: res.status === 200 ? (JSON.parse(text).output[0]?.records?.rows as unknown[][]) : undefined };
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    [ch] = (await startLocalClickHouse(1)) as [LocalClickHouse];
    // The default user has an empty password; password_env proves the variable is read (and never shown).
    process.env.SLUICE_TEST_CH_PASSWORD = '';
    a = await startTestServer({ config: { storage: storage(ch.url) } as never });
    b = await startTestServer({ config: { storage: storage(ch.url) } as never });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await ch?.stop();
  });

  it(`a pipeline created through one server is used by the other within catalog_refresh (${REFRESH_MS} ms)`, async () => {
    const up = await a.fetch('/v1/pipelines/nginx', { method: 'POST', body: NGINX_YAML, headers: { 'content-type': 'application/x-yaml' } });
    expect(up.status).toBe(200);
    await sleep(REFRESH_MS + 200);
    const res = await b.fetch('/v1/ingest?table=nginx_logs&pipeline_name=nginx', { method: 'POST', body: NGINX_LOG, headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(200);
    expect((await res.json()).output).toEqual([{ affectedrows: 4 }]);
    // The table b created is queryable through a at once (a reloads its catalog on a miss) and after the bound.
    await sleep(REFRESH_MS + 200);
    const count = await sql(a, 'SELECT count(*) FROM nginx_logs');
    expect(count.rows).toEqual([[4]]);
    const big = await sql(a, "SELECT size FROM nginx_logs WHERE ip = '10.0.0.3'");
    expect(big.text).toContain('[[9007199254740993]]');
  });

  it('answers SQL with projection, predicates, LIMIT and aggregates pushed to ClickHouse; EXPLAIN shows them', async () => {
    const rows = await sql(b, 'SELECT status, count(*) AS n, max(size) AS biggest FROM nginx_logs GROUP BY status ORDER BY status');
    expect(rows.rows).toEqual([[200, 2, 9007199254740993], [401, 1, 38], [404, 1, 153]]);
    const filtered = await sql(b, "SELECT ip, path FROM nginx_logs WHERE method = 'GET' AND status >= 400 ORDER BY ts DESC LIMIT 5");
    expect(filtered.rows).toEqual([['10.0.0.1', '/missing']]);
    const ex = await sql(b, "EXPLAIN SELECT ip FROM nginx_logs WHERE ip = '10.0.0.1' LIMIT 1");
    expect(ex.status).toBe(200);
    expect(ex.text).toMatch(/ip = '10\.0\.0\.1'/);
    const agg = await sql(b, 'EXPLAIN SELECT status, count(*) FROM nginx_logs GROUP BY status');
    expect(agg.text).toMatch(/StoredAggregate|aggregate/i);
  });

  it('a table dropped through one server is gone on the other within the bound', async () => {
    expect((await sql(a, 'CREATE TABLE dropme (ts TIMESTAMP TIME INDEX, v DOUBLE)')).status).toBe(200);
    await sleep(REFRESH_MS + 200);
    expect((await sql(b, 'SELECT count(*) FROM dropme')).rows).toEqual([[0]]);
    expect((await sql(b, 'DROP TABLE dropme')).status).toBe(200);
    await sleep(REFRESH_MS + 200);
    expect((await sql(a, 'SELECT count(*) FROM dropme')).status).toBe(400);
  });

  it('GET /config shows the backend but never the password', async () => {
    const text = await (await a.fetch('/config')).text();
    expect(text).toMatch(/backend = "clickhouse"/);
    expect(text).toMatch(/password_env = "SLUICE_TEST_CH_PASSWORD"/);
    expect(text).not.toMatch(/^password =/m);
  });
});
