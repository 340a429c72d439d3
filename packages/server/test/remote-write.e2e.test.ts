import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushTimeseries } from 'prometheus-remote-write';
import { encodeRemoteWrite } from '../src/protocols/remote-write.js';
import { WriteRequestType } from '../src/protocols/prompb.js';
import { decodeReadResponse, encodeReadRequest, type LabelMatcher } from '../src/protocols/remote-read.js';
import { snappyDecode, snappyEncode } from '../src/protocols/snappy.js';
import { startTestServer, type TestServer } from './start-server.js';

const STALE_NAN_BITS = 0x7ff0000000000002n;
function staleNaN(): number {
  const v = new DataView(new ArrayBuffer(8));
  v.setBigUint64(0, STALE_NAN_BITS);
  return v.getFloat64(0);
}
function bitsOf(x: number): bigint {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  return v.getBigUint64(0);
}

describe('Prometheus remote write and read end to end', () => {
  let s: TestServer;
  const T = 1_700_000_000_000;
  const sql = async (q: string, db = 'public') => {
    const res = await s.fetch(`/v1/sql?db=${db}`, { method: 'POST', body: new URLSearchParams({ sql: q }) });
    const body = (await res.json()) as { output?: { records: { rows: unknown[][] } }[]; error?: string };
    if (res.status !== 200) throw new Error(`${res.status} ${body.error}`);
    return body.output![0]!.records?.rows;
  };
  const write = (body: Uint8Array, path = '/v1/metricsapi/write', headers: Record<string, string> = {}) =>
    s.fetch(path, { method: 'POST', body: snappyEncode(body) as Uint8Array<ArrayBuffer>, headers: { 'content-type': 'application/x-protobuf', 'content-encoding': 'snappy', ...headers } });
  const read = async (matchers: LabelMatcher[], start = T - 1, end = T + 1e6, db = 'public') => {
    const res = await s.fetch(`/v1/metricsapi/read?db=${db}`, {
      method: 'POST',
      body: snappyEncode(encodeReadRequest([{ startMs: start, endMs: end, matchers }])) as Uint8Array<ArrayBuffer>,
      headers: { 'content-type': 'application/x-protobuf', 'content-encoding': 'snappy', 'x-prometheus-remote-read-version': '0.1.0' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('snappy');
    return decodeReadResponse(snappyDecode(new Uint8Array(await res.arrayBuffer()), 1 << 26, 'response'))[0]!;
  };

  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('writes one table per metric with a tag column per label, unsorted labels accepted, staleness NaN kept', async () => {
    const req = WriteRequestType.encode({
      timeseries: [
        { labels: [{ name: 'job', value: 'api' }, { name: '__name__', value: 'http_requests_total' }, { name: 'code', value: '200' }], samples: [{ value: 1, timestamp: T }, { value: 3, timestamp: T + 15000 }] },
        { labels: [{ name: '__name__', value: 'http_requests_total' }, { name: 'job', value: 'api' }, { name: 'code', value: '500' }], samples: [{ value: 2, timestamp: T }, { value: staleNaN(), timestamp: T + 15000 }] },
        { labels: [{ name: '__name__', value: 'up' }, { name: 'instance', value: 'a:9100' }], samples: [{ value: 1, timestamp: T }] },
      ],
    }).finish();
    const res = await write(req);
    expect(res.status).toBe(204);
    expect(await sql('SELECT code, job, service_value, service_timestamp FROM http_requests_total ORDER BY code, service_timestamp')).toEqual([
      ['200', 'api', 1, T],
      ['200', 'api', 3, T + 15000],
      ['500', 'api', 2, T],
      ['500', 'api', null, T + 15000], // NaN prints as null in JSON; remote read below checks its bits
    ].slice(0, 4));
    const desc = await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: 'SHOW CREATE TABLE http_requests_total' }) });
    const text = await desc.text();
    expect(text).toContain('service_physical_table');
    expect(text).toContain('Created on insertion');
    expect(text).toContain("'service.semantic.source' = 'prometheus'");
    const stale = (await read([{ type: 'EQ', name: '__name__', value: 'http_requests_total' }, { type: 'EQ', name: 'code', value: '500' }]))[0]!;
    expect(stale.samples).toHaveLength(2);
    expect(bitsOf(stale.samples[1]!.value)).toBe(STALE_NAN_BITS);
  });

  it('accepts metadata-only requests and a body sent without Content-Encoding (npm prometheus-remote-write)', async () => {
    const meta = WriteRequestType.encode({ metadata: [{ type: 1, metricFamilyName: 'x', help: 'h' }] }).finish();
    expect((await write(meta)).status).toBe(204);
    const series = ['a', 'b'].map((host) => ({ labels: { __name__: 'rw_client_total', host, job: 'acc' }, samples: Array.from({ length: 10 }, (_, i) => ({ value: i, timestamp: T + i * 5000 })) }));
    const r = await pushTimeseries(series, { url: `${s.url}/v1/metricsapi/write`, fetch: globalThis.fetch, timeout: 5000 });
    expect(r.status).toBe(204);
    expect(await sql('SELECT host, count(*), sum(service_value) FROM rw_client_total GROUP BY host ORDER BY host')).toEqual([['a', 10, 45], ['b', 10, 45]]);
  });

  it('answers remote read with EQ/NEQ/RE/NRE matchers, also on __name__ across tables', async () => {
    const all = await read([{ type: 'RE', name: '__name__', value: 'http_.*|up' }]);
    expect(all.map((x) => x.labels.find((l) => l[0] === '__name__')![1])).toEqual(['http_requests_total', 'http_requests_total', 'up']);
    expect(all[0]!.labels).toEqual([['__name__', 'http_requests_total'], ['code', '200'], ['job', 'api']]);
    expect(all[0]!.samples).toEqual([{ value: 1, timestampMs: T }, { value: 3, timestampMs: T + 15000 }]);
    expect((await read([{ type: 'NRE', name: '__name__', value: 'http_.*|rw_.*' }])).map((x) => x.labels)).toEqual([[['__name__', 'up'], ['instance', 'a:9100']]]);
    expect((await read([{ type: 'EQ', name: '__name__', value: 'http_requests_total' }, { type: 'NEQ', name: 'code', value: '200' }])).map((x) => x.labels[1])).toEqual([['code', '500']]);
    expect((await read([{ type: 'RE', name: 'code', value: '2..' }])).length).toBe(1);
    // a label absent from a table matches '' (Prometheus semantics)
    expect((await read([{ type: 'EQ', name: '__name__', value: 'up' }, { type: 'EQ', name: 'code', value: '' }])).length).toBe(1);
    expect((await read([{ type: 'EQ', name: '__name__', value: 'up' }, { type: 'NEQ', name: 'instance', value: 'a:9100' }])).length).toBe(0);
    // time range bounds are inclusive
    expect((await read([{ type: 'EQ', name: '__name__', value: 'http_requests_total' }], T + 15000, T + 15000)).map((x) => x.samples.length)).toEqual([1, 1]);
  });

  it('honours db, x-service-db-name and physical_table; an unknown db is a 400 naming it', async () => {
    await sql('CREATE DATABASE metrics_db');
    const body = encodeRemoteWrite([{ labels: { __name__: 'db_metric', k: 'v' }, samples: [{ value: 7, timestamp: T }] }]);
    expect((await write(body, '/v1/metricsapi/write?db=metrics_db&physical_table=my_phy')).status).toBe(204);
    expect(await sql('SELECT k, service_value FROM db_metric', 'metrics_db')).toEqual([['v', 7]]);
    const created = await (await s.fetch('/v1/sql?db=metrics_db', { method: 'POST', body: new URLSearchParams({ sql: 'SHOW CREATE TABLE db_metric' }) })).text();
    expect(created).toContain('my_phy');
    const viaHeader = encodeRemoteWrite([{ labels: { __name__: 'db_metric2' }, samples: [{ value: 1, timestamp: T }] }]);
    expect((await write(viaHeader, '/v1/metricsapi/write', { 'x-service-db-name': 'metrics_db' })).status).toBe(204);
    expect(await sql('SELECT service_value FROM db_metric2', 'metrics_db')).toEqual([[1]]);
    const bad = await write(body, '/v1/metricsapi/write?db=nope');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain('nope');
  });

  it('runs x-service-pipeline-name (the identity pipeline) and honours hints', async () => {
    const body = encodeRemoteWrite([{ labels: { __name__: 'piped_metric', host: 'h1' }, samples: [{ value: 1.5, timestamp: T }, { value: 2.5, timestamp: T + 1000 }] }]);
    const res = await write(body, '/v1/metricsapi/write', { 'x-service-pipeline-name': 'service_identity', 'x-service-hints': 'append_mode=true' });
    expect(res.status).toBe(204);
    expect(await sql('SELECT host, service_value, service_timestamp FROM piped_metric ORDER BY service_timestamp')).toEqual([['h1', 1.5, T], ['h1', 2.5, T + 1000]]);
    const created = await (await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: 'SHOW CREATE TABLE piped_metric' }) })).text();
    expect(created).toContain("append_mode = 'true'");
  });

  it('rejects malformed bodies with a 400 that says what, writing nothing', async () => {
    const notSnappy = await s.fetch('/v1/metricsapi/write', { method: 'POST', body: 'hello', headers: { 'content-encoding': 'snappy' } });
    expect(notSnappy.status).toBe(400);
    expect((await notSnappy.json()).error).toMatch(/snappy/);
    const garbage = await write(new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0x0f, 1, 2]));
    expect(garbage.status).toBe(400);
    expect((await garbage.json()).error).toContain('WriteRequest');
    const noName = await write(encodeRemoteWrite([{ labels: { __name__: 'ok_metric' }, samples: [{ value: 1, timestamp: T }] }, { labels: { job: 'x' }, samples: [{ value: 1, timestamp: T }] }]));
    expect(noName.status).toBe(400);
    expect((await noName.json()).error).toContain('timeseries[1]');
    expect((await sql("SELECT count(*) FROM information_schema.tables WHERE table_name = 'ok_metric'"))).toEqual([[0]]);
    const badRe = await s.fetch('/v1/metricsapi/read', { method: 'POST', body: snappyEncode(encodeReadRequest([{ startMs: 0, endMs: 1, matchers: [{ type: 'RE', name: 'x', value: '(' }] }])) as Uint8Array<ArrayBuffer> });
    expect(badRe.status).toBe(400);
    expect((await badRe.json()).error).toContain('regular expression');
  });
});
