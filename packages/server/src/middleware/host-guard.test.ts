import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { fakeDeps } from '../testing/fake-deps.js';
import { hostAllowed } from './host-guard.js';

describe('host guard (DNS rebinding)', () => {
  it('accepts IP literals, localhost and listed names; refuses other names', () => {
    for (const h of ['127.0.0.1:4000', '[::1]:4000', '10.1.2.3', 'localhost:4000', 'app.localhost', 'LOCALHOST']) expect(hostAllowed(h, [])).toBe(true);
    for (const h of ['evil.example.com', 'evil.example.com:4000', 'localhost.evil.com', '127.0.0.1.nip.io']) expect(hostAllowed(h, [])).toBe(false);
    expect(hostAllowed('Sluice.Internal:4000', ['sluice.internal'])).toBe(true);
    expect(hostAllowed('anything.example', ['*'])).toBe(true);
  });

  it('answers 403 with the error body to a rebound name when there is no user provider', async () => {
    const app = createApp(fakeDeps());
    const res = await app.request('/v1/sql?sql=select%201', { headers: { host: 'attacker.example:4000' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 7005, error: expect.stringMatching(/Host 'attacker\.example:4000' is not allowed/) });
    expect((await app.request('/health', { headers: { host: '127.0.0.1:4000' } })).status).toBe(200);
    const named = createApp(fakeDeps({ config: { http: { allowed_hosts: ['sluice.internal'] } } }));
    expect((await named.request('/health', { headers: { host: 'sluice.internal:4000' } })).status).toBe(200);
  });

  it('leaves Host alone when a user provider checks credentials', async () => {
    const app = createApp(fakeDeps({ config: { user_provider: 'static_user_provider:cmd:u=p' } }));
    expect((await app.request('/health', { headers: { host: 'sluice.example.com' } })).status).toBe(200);
  });
});
