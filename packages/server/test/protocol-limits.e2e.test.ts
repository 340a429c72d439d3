import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snappyEncode } from '../src/protocols/snappy.js';
import { startTestServer, type TestServer } from './start-server.js';

/** Body limits on the protocol endpoints: declared snappy sizes, chunked bodies, gzip bombs. */
describe('protocol endpoints under http.body_limit', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ config: { http: { body_limit: '64KiB' } } });
  });
  afterAll(() => s.close());

  it('refuses a remote write whose snappy block declares more than the limit, before inflating it', async () => {
    const big = snappyEncode(new Uint8Array(1 << 20)); // 1 MiB of zeros compresses to a few KiB
    expect(big.length).toBeLessThan(64 * 1024);
    const res = await s.fetch('/v1/metricsapi/write', { method: 'POST', body: big as Uint8Array<ArrayBuffer> });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/body limit of 65536 bytes/);
  });

  it('refuses a chunked OTLP body (no Content-Length, as the OTel exporters send) over the limit', async () => {
    const chunk = new Uint8Array(16 * 1024).fill(0x20);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        if (sent++ < 16) ctrl.enqueue(chunk);
        else ctrl.close();
      },
    });
    const res = await s.fetch('/v1/otlp/v1/logs', { method: 'POST', body, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('refuses a gzip OTLP body that inflates past the limit', async () => {
    const bomb = gzipSync(Buffer.from(JSON.stringify({ resourceLogs: [], pad: 'x'.repeat(1 << 20) })));
    const res = await s.fetch('/v1/otlp/v1/logs', { method: 'POST', body: bomb, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/exceeds the body limit/);
  });
});

describe('protocol endpoints under max_in_flight_write_bytes', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ config: { max_in_flight_write_bytes: '1KiB' } });
  });
  afterAll(() => s.close());

  it('sheds remote write and OTLP writes with 429 and the error body when the budget is exceeded', async () => {
    const big = new Uint8Array(4096).fill(0x20);
    for (const [path, type] of [['/v1/metricsapi/write', 'application/x-protobuf'], ['/v1/otlp/v1/logs', 'application/json'], ['/v1/otlp/v1/traces', 'application/x-protobuf']] as const) {
      const res = await s.fetch(path, { method: 'POST', body: big, headers: { 'content-type': type } });
      expect(res.status, path).toBe(429);
      expect((await res.json()).error, path).toMatch(/max_in_flight_write_bytes/);
    }
    // a small write still goes through
    const ok = await s.fetch('/v1/otlp/v1/logs', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(ok.status).toBe(200);
  });
});
