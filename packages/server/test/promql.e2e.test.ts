import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './start-server.js';
import { hasPrometheus } from './prometheus-peer.js';
import { encodeRemoteWrite } from '../src/protocols/remote-write.js';
import { snappyEncode } from '../src/protocols/snappy.js';

/** The Prometheus HTTP API, /v1/promql and TQL through the real server. */
describe('PromQL over HTTP', () => {
  let s: TestServer;
  const T = 1_700_000_000;
  const api = (path: string, init?: RequestInit) => s.fetch(`/v1/metricsapi/api/v1${path}`, init);
  const form = (params: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(params) });
  const sql = async (q: string, db = 'public') => {
    const res = await s.fetch(`/v1/sql?db=${db}`, form({ sql: q }));
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    s = await startTestServer();
    for (const db of ['public', 'team']) {
      if (db !== 'public') await sql(`CREATE DATABASE ${db}`);
      await sql('CREATE TABLE requests_total (job STRING, service_value DOUBLE, service_timestamp TIMESTAMP(3) TIME INDEX, PRIMARY KEY (job))', db);
      const rows = Array.from({ length: 11 }, (_, i) => `('api', ${i * 30}, ${(T + i * 30) * 1000}), ('web', ${i * (db === 'team' ? 3 : 6)}, ${(T + i * 30) * 1000})`);
      await sql(`INSERT INTO requests_total VALUES ${rows.join(', ')}`, db);
    }
  });
  afterAll(() => s.close());

  it('answers an instant query in the Prometheus JSON, by GET and by POST form', async () => {
    const want = {
      status: 'success',
      data: { resultType: 'vector', result: [{ metric: { job: 'api' }, value: [T + 300, '1'] }, { metric: { job: 'web' }, value: [T + 300, '0.2'] }] },
    };
    const get = await api(`/query?query=${encodeURIComponent('sum by (job) (rate(requests_total[2m]))')}&time=${T + 300}`);
    expect(get.headers.get('content-type')).toBe('application/json');
    expect(await get.json()).toEqual(want);
    expect(await (await api('/query', form({ query: 'sum by (job) (rate(requests_total[2m]))', time: String(T + 300) }))).json()).toEqual(want);
  });

  it('answers a range query as a matrix with times in seconds and values as strings', async () => {
    const res = await api('/query_range', form({ query: 'requests_total{job="web"}', start: String(T), end: String(T + 60), step: '30s' }));
    expect(await res.text()).toBe(`{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"__name__":"requests_total","job":"web"},"values":[[${T},"0"],[${T + 30},"6"],[${T + 60},"12"]]}]}}`);
  });

  it('picks the database from db, the x-service-db-name header or __database__', async () => {
    const q = (extra: string, headers: Record<string, string> = {}) =>
      api(`/query?query=${encodeURIComponent(`requests_total{job="web"${extra}}`)}&time=${T + 30}`, { headers }).then((r) => r.json());
    const value = (b: { data: { result: { value: [number, string] }[] } }) => b.data.result[0]!.value[1];
    expect(value(await q(''))).toBe('6');
    expect(value(await q(',__database__="team"'))).toBe('3');
    expect(value(await q('', { 'x-service-db-name': 'team' }))).toBe('3');
    expect(value(await api(`/query?db=team&query=requests_total{job="web"}&time=${T + 30}`).then((r) => r.json()))).toBe('3');
  });

  it('answers Prometheus error shapes and statuses', async () => {
    const bad = await api('/query', form({ query: 'sum(rate(x[5m])', time: String(T) }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ status: 'error', errorType: 'bad_data', error: 'invalid parameter "query": 1:16: parse error: unclosed left parenthesis' });
    const order = await api('/query_range', form({ query: 'up', start: String(T), end: String(T - 1), step: '15' }));
    expect(await order.json()).toMatchObject({ errorType: 'bad_data', error: 'invalid parameter "end": end timestamp must not be before start time' });
    const points = await api('/query_range', form({ query: 'up', start: '0', end: '11001', step: '1' }));
    expect(await points.json()).toMatchObject({ errorType: 'bad_data', error: 'exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)' });
    const exec = await api('/query', form({ query: 'requests_total + ignoring (job) requests_total', time: String(T + 30) }));
    expect(exec.status).toBe(422);
    expect(await exec.json()).toMatchObject({ errorType: 'execution' });
    const series = await api('/series');
    expect(await series.json()).toEqual({ status: 'error', errorType: 'bad_data', error: 'no match[] parameter provided' });
    // A zero or negative timeout is the request's mistake (the long fuzz run found it answered 503 timeout).
    for (const path of ['/query?query=up&timeout=-1', '/label/job/values?timeout=0', '/series?match[]=up&timeout=-0.5']) {
      const r = await api(path);
      expect([path, r.status]).toEqual([path, 400]);
      expect(await r.json()).toMatchObject({ errorType: 'bad_data', error: expect.stringMatching(/^invalid parameter "timeout": .* is not a positive duration$/) });
    }
  });

  it('answers series, labels, label values, format_query, parse_query and buildinfo', async () => {
    expect(await (await api(`/series?match[]=requests_total&start=${T}&end=${T + 600}`)).json())
      .toEqual({ status: 'success', data: [{ __name__: 'requests_total', job: 'api' }, { __name__: 'requests_total', job: 'web' }] });
    expect(await (await api('/labels', form({ 'match[]': 'requests_total' }))).json()).toEqual({ status: 'success', data: ['__name__', 'job'] });
    expect(await (await api('/label/job/values')).json()).toEqual({ status: 'success', data: ['api', 'web'] });
    expect(await (await api('/label/__database__/values')).json()).toMatchObject({ data: expect.arrayContaining(['public', 'team']) });
    expect(await (await api('/format_query?query=sum(rate(x[5m]))by(job)')).json()).toEqual({ status: 'success', data: 'sum by (job) (rate(x[5m]))' });
    expect((await (await api('/parse_query?query=up')).json()).data).toMatchObject({ type: 'vectorSelector', name: 'up' });
    expect((await (await api('/status/buildinfo')).json()).data).toMatchObject({ version: '2.42.0' });
  });

  it('/v1/promql answers in the /v1/sql envelope', async () => {
    const res = await s.fetch(`/v1/promql?query=${encodeURIComponent('sum(requests_total)')}&start=${T}&end=${T + 30}&step=30s`);
    const body = await res.json();
    expect(body.output[0].records.schema.column_schemas).toEqual([
      { name: 'service_timestamp', data_type: 'TimestampMillisecond' },
      { name: 'service_value', data_type: 'Float64' },
    ]);
    expect(body.output[0].records.rows).toEqual([[T * 1000, 0], [(T + 30) * 1000, 36]]);
    const err = await s.fetch('/v1/promql?query=sum(');
    expect(err.status).toBe(400);
    expect(await err.json()).toMatchObject({ code: 2000 });
  });

  const stale = new DataView(new ArrayBuffer(8));
  stale.setUint32(0, 0x7ff00000);
  stale.setUint32(4, 2);
  const q = async (query: string, time: number) => (await (await api('/query', form({ query, time: String(time) }))).json()).data.result;

  it('queries what remote write stored (logical tables over the physical table)', async () => {
    const samples = (vs: number[]) => vs.map((value, i) => ({ value, timestamp: (T + i * 15) * 1000 }));
    const body = encodeRemoteWrite([
      { labels: { __name__: 'rw_gauge', host: 'a' }, samples: [...samples([1, 2, 3]), { value: stale.getFloat64(0), timestamp: (T + 45) * 1000 }] },
      { labels: { __name__: 'rw_other', host: 'b' }, samples: samples([10, 20]) },
    ]);
    const res = await s.fetch('/v1/metricsapi/write?db=public', { method: 'POST', body: snappyEncode(body) as Uint8Array<ArrayBuffer>, headers: { 'content-type': 'application/x-protobuf', 'content-encoding': 'snappy' } });
    expect(res.status).toBe(204);
    expect(await q('rw_gauge', T + 40)).toEqual([{ metric: { __name__: 'rw_gauge', host: 'a' }, value: [T + 40, '3'] }]);
    expect(await q('count by (__name__) ({__name__=~"rw_.*"})', T + 20)).toEqual([
      { metric: { __name__: 'rw_gauge' }, value: [T + 20, '1'] },
      { metric: { __name__: 'rw_other' }, value: [T + 20, '1'] },
    ]);
  });

  // The marker keeps its exact bits from the remote-write decoder through the store's codec and scan.
  it('ends a remote-written series at its staleness marker', async () => {
    expect(await q('rw_gauge', T + 50)).toEqual([]);
    expect(await q('rw_gauge', T + 44)).toEqual([{ metric: { __name__: 'rw_gauge', host: 'a' }, value: [T + 44, '3'] }]);
  });

  it('runs TQL EVAL inside /v1/sql', async () => {
    const body = await sql(`TQL EVAL (${T}, ${T + 30}, '30s') requests_total{job="api"}`);
    expect(body.output[0].records.rows).toEqual([['requests_total', 'api', T * 1000, 0], ['requests_total', 'api', (T + 30) * 1000, 30]]);
  });

  // The server runs in this process: the client must not block the event loop (no execFileSync).
  it.skipIf(!hasPrometheus())('works with promtool as a real Prometheus API client', async () => {
    const run = promisify(execFile);
    const { stdout } = await run('promtool', ['query', 'instant', '-o', 'json', `${s.url}/v1/metricsapi`, 'requests_total{job="api"}', `--time=${T + 300}`], { timeout: 20_000 });
    expect(JSON.parse(stdout)).toEqual([{ metric: { __name__: 'requests_total', job: 'api' }, value: [T + 300, '300'] }]);
    const labels = await run('promtool', ['query', 'labels', `--start=${new Date((T - 60) * 1000).toISOString()}`, `${s.url}/v1/metricsapi`, 'job'], { timeout: 20_000 });
    expect(labels.stdout.trim().split('\n')).toEqual(['api', 'web']);
  });
});
