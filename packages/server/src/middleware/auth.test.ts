import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { fakeDeps } from '../testing/fake-deps.js';
import { parseUserProvider } from '../auth/user-provider.js';

const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;

describe('basic auth', () => {
  const app = createApp(fakeDeps({ config: { user_provider: 'static_user_provider:cmd:alice=pw1,bob=pw2' } }));

  it('leaves the open paths open', async () => {
    for (const p of ['/health', '/status', '/metrics']) expect((await app.request(p)).status).toBe(200);
  });

  it('answers 401 with the error body and the right code', async () => {
    const cases: [Record<string, string>, number][] = [
      [{}, 7003],
      [{ authorization: 'Bearer x' }, 7004],
      [{ authorization: basic('carol', 'pw1') }, 7000],
      [{ authorization: basic('alice', 'wrong') }, 7002],
    ];
    for (const [headers, code] of cases) {
      const res = await app.request('/v1/pipelines', { headers });
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe(code);
    }
    const metrics = await (await app.request('/metrics')).text();
    expect(metrics).toMatch(/sluice_http_requests_total\{method="GET",route="\/v1\/pipelines",status="401"\} 4/);
  });

  it('lets good credentials through (Authorization or x-service-auth)', async () => {
    expect((await app.request('/v1/pipelines', { headers: { authorization: basic('alice', 'pw1') } })).status).toBe(200);
    expect((await app.request('/v1/pipelines', { headers: { 'x-service-auth': basic('bob', 'pw2') } })).status).toBe(200);
  });

  it('reads a users file with comments', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-users-'));
    const file = join(dir, 'users');
    writeFileSync(file, '# users\nann=a=b\n\nben=x\n');
    const provider = parseUserProvider(`static_user_provider:file:${file}`);
    expect(() => provider.authenticate('ann', 'a=b')).not.toThrow();
    expect(() => provider.authenticate('ben', 'y')).toThrow(/does not match/);
    expect(() => parseUserProvider('static_user_provider:file:/no/such/file')).toThrow(/cannot be read/);
    expect(() => parseUserProvider('ldap:x')).toThrow(/invalid user_provider/);
    expect(() => parseUserProvider('static_user_provider:cmd:nopassword')).toThrow(/not user=password/);
  });
});
