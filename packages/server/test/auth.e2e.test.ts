import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './start-server.js';

const basic = (u: string, p: string) => ({ authorization: `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}` });

describe('auth, body limit and timeout (real server)', () => {
  let s: TestServer;
  const dir = mkdtempSync(join(tmpdir(), 'sluice-auth-'));
  beforeAll(async () => {
    const users = join(dir, 'users');
    writeFileSync(users, '# the operators\nroot=s3cret\nreader=r\n');
    s = await startTestServer({ config: { user_provider: `static_user_provider:file:${users}`, http: { body_limit: '2KiB' } } });
  });
  afterAll(async () => {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps probes open and asks for credentials elsewhere', async () => {
    for (const p of ['/health', '/status', '/metrics', '/v1/lineproto/ping', '/v1/lineproto/health']) {
      expect((await s.fetch(p)).status).not.toBe(401);
    }
    const res = await s.fetch('/v1/sql?sql=select%201');
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe(7003);
    const wrong = await s.fetch('/v1/pipelines', { headers: basic('root', 'nope') });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).code).toBe(7002);
    expect((await s.fetch('/v1/pipelines', { headers: basic('root', 's3cret') })).status).toBe(200);
    expect((await s.fetch('/config', { headers: basic('reader', 'r') })).status).toBe(200);
  });

  it('answers 413 beyond the body limit', async () => {
    const res = await s.fetch('/v1/ingest?table=t&pipeline_name=service_identity', {
      method: 'POST',
      body: JSON.stringify({ pad: 'x'.repeat(4096) }),
      headers: { ...basic('root', 's3cret'), 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/body_limit of 2KiB/);
    // a chunked body (no Content-Length) is counted as it arrives
    const chunks = [new TextEncoder().encode('{"pad":"'), new TextEncoder().encode('y'.repeat(4096)), new TextEncoder().encode('"}')];
    const stream = new ReadableStream({
      pull(ctrl) {
        const c = chunks.shift();
        if (c === undefined) ctrl.close();
        else ctrl.enqueue(c);
      },
    });
    const chunked = await s.fetch('/v1/ingest?table=t&pipeline_name=service_identity', {
      method: 'POST',
      body: stream,
      headers: { ...basic('root', 's3cret'), 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('answers 408 past the request timeout', async () => {
    const slow = await startTestServer({ config: { http: { timeout: '100ms' } } });
    try {
      const res = await slow.fetch('/debug/prof/cpu?seconds=1&output=text', { method: 'POST' });
      expect(res.status).toBe(408);
      expect((await res.json()).code).toBe(1006);
    } finally {
      await slow.close();
    }
  });
});
