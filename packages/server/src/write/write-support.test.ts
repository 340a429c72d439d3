import { gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import SnappyJS from 'snappyjs';
import { describe, expect, it } from 'vitest';
import { fakeDeps } from '../testing/fake-deps.js';
import { errorResponse } from '../errors.js';
import { InFlightWrites } from './in-flight.js';
import { protocolTableOptions } from './semantic-options.js';
import { createWriteSupport } from './write-support.js';

/** An app with one write route that echoes what the plumbing resolved and read. */
function app(opts: { maxBody?: number; maxInFlight?: number; snappy?: 'always' } = {}) {
  const deps = fakeDeps();
  const writes = createWriteSupport(deps, opts.maxBody ?? 1024, new InFlightWrites(opts.maxInFlight));
  const a = new Hono();
  a.onError((e, c) => errorResponse(c, e));
  writes.register(a, '/w');
  a.post('/w', async (c) => {
    const target = writes.target(c, { signalType: 'log', source: 'test', defaults: { append_mode: true } }, c.req.query('db'));
    const body = await writes.readBody(c, opts.snappy ? { snappy: opts.snappy } : {});
    return c.json({ db: target.db, options: target.options, body: body.toString('utf8'), inFlight: writes.inFlight.bytes });
  });
  return { a, writes };
}

function chunked(parts: string[], gate?: Promise<void>): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    async start(ctrl) {
      for (const [i, p] of parts.entries()) {
        if (i === 1 && gate) await gate;
        ctrl.enqueue(enc.encode(p));
      }
      ctrl.close();
    },
  });
}

const post = (a: Hono, body: BodyInit, headers: Record<string, string> = {}, query = '') =>
  a.request(`/w${query}`, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('write plumbing', () => {
  it('db: parameter, then x-service-db-name, then public; an unknown db is a 400 naming it', async () => {
    const { a } = app();
    expect((await (await post(a, 'x')).json()).db).toBe('public');
    expect((await post(a, 'x', { 'x-service-db-name': 'nope' })).status).toBe(400);
    const res = await post(a, 'x', { 'x-service-db-name': 'public' }, '?db=other');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Database not found: other');
  });

  it('table options: protocol defaults and semantics, then hints (a mode hint replaces the default mode)', async () => {
    const { a } = app();
    expect((await (await post(a, 'x')).json()).options).toEqual({
      append_mode: true,
      extra: { comment: 'Created on insertion', 'service.semantic.signal_type': 'log', 'service.semantic.source': 'test' },
    });
    const hinted = (await (await post(a, 'x', { 'x-service-hints': 'merge_mode=last_non_null', 'x-service-hint-ttl': '1d' })).json()).options;
    expect(hinted.append_mode).toBeUndefined();
    expect(hinted.merge_mode).toBe('last_non_null');
    expect(hinted.ttl).toEqual({ text: '1d', ms: 86_400_000 });
    expect((await post(a, 'x', { 'x-service-hints': 'nonsense=1' })).status).toBe(400);
  });

  it('protocolTableOptions keeps hint extras over the protocol\'s', () => {
    expect(protocolTableOptions({ signalType: 'metric', source: 'influxdb' }, { extra: { comment: 'mine' } }).extra).toEqual({
      comment: 'mine', 'service.semantic.signal_type': 'metric', 'service.semantic.source': 'influxdb',
    });
  });

  it('body limit: by Content-Length and on chunked bodies without it, also after decompression', async () => {
    const { a } = app({ maxBody: 100 });
    expect((await post(a, 'x'.repeat(101))).status).toBe(413);
    expect((await post(a, chunked(['x'.repeat(60), 'y'.repeat(60)]))).status).toBe(413);
    expect((await post(a, chunked(['x'.repeat(60), 'y'.repeat(30)]))).status).toBe(200);
    expect((await post(a, gzipSync('z'.repeat(500)), { 'content-encoding': 'gzip' })).status).toBe(413);
  });

  it('gzip and snappy bodies are decoded; snappy also without Content-Encoding when the protocol says so', async () => {
    const { a } = app();
    expect((await (await post(a, gzipSync('hello'), { 'content-encoding': 'gzip' })).json()).body).toBe('hello');
    expect((await (await post(a, Buffer.from(SnappyJS.compress(Buffer.from('snap'))), { 'content-encoding': 'snappy' })).json()).body).toBe('snap');
    const always = app({ snappy: 'always' }).a;
    expect((await (await post(always, Buffer.from(SnappyJS.compress(Buffer.from('bare'))))).json()).body).toBe('bare');
    const bad = await post(always, 'not snappy');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^cannot decode snappy body/);
  });

  it('429 while the bytes in flight would exceed the budget; bytes are released when the request ends', async () => {
    const { a, writes } = app({ maxInFlight: 100 });
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const slow = post(a, chunked(['x'.repeat(80), 'y'], gate));
    await new Promise((r) => setTimeout(r, 20));
    expect(writes.inFlight.bytes).toBe(80);
    const shed = await post(a, 'z'.repeat(30));
    expect(shed.status).toBe(429);
    expect((await shed.json()).error).toMatch(/above max_in_flight_write_bytes \(100\)/);
    open();
    expect((await (await slow).json()).inFlight).toBe(81);
    expect(writes.inFlight.bytes).toBe(0);
    expect((await post(a, 'z'.repeat(30))).status).toBe(200);
  });
});
