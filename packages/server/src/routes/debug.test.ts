import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Profile } from 'pprof-format';
import { createApp } from '../app.js';
import { fakeDeps } from '../testing/fake-deps.js';

const post = (app: ReturnType<typeof createApp>, path: string, body = '') => app.request(path, { method: 'POST', body });

describe('debug routes', () => {
  it('changes the log level filter and rejects invalid filters', async () => {
    const deps = fakeDeps();
    const app = createApp(deps);
    const res = await post(app, '/debug/log_level', 'debug,storage=trace');
    expect(await res.text()).toBe('Log Level changed from info to debug,storage=trace');
    expect(deps.logging.forTarget('storage').level).toBe('trace');
    expect(deps.logging.forTarget('http').level).toBe('debug');
    const bad = await post(app, '/debug/log_level', 'loud');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/unknown level 'loud'/);
    expect(deps.logging.filter().text).toBe('debug,storage=trace');
  });

  it('switches tracing and records request spans while on', async () => {
    const deps = fakeDeps();
    const names: string[] = [];
    deps.tracing.addSpanSink((s) => names.push(s.name));
    const app = createApp(deps);
    expect(await (await post(app, '/debug/enable_trace', 'true')).text()).toBe('trace enabled');
    await app.request('/health');
    expect(await (await post(app, '/debug/enable_trace', 'false')).text()).toBe('trace disabled');
    await app.request('/health');
    expect(names).toEqual(['GET /health', 'POST /debug/enable_trace']);
    expect((await post(app, '/debug/enable_trace', 'maybe')).status).toBe(400);
  });

  it('takes a CPU profile as pprof, folded stacks or text', async () => {
    const app = createApp(fakeDeps());
    const proto = await post(app, '/debug/prof/cpu?seconds=0.2&output=proto');
    expect(proto.status).toBe(200);
    const profile = Profile.decode(gunzipSync(Buffer.from(await proto.arrayBuffer())));
    expect(profile.sampleType).toHaveLength(2);
    expect(profile.stringTable.strings).toContain('nanoseconds');
    const text = await (await post(app, '/debug/prof/cpu?seconds=0.1&output=text')).text();
    expect(text).toMatch(/^CPU profile: \d+ samples/);
    expect((await post(app, '/debug/prof/cpu?seconds=0.1&output=flamegraph')).status).toBe(200);
    expect((await post(app, '/debug/prof/cpu?seconds=-1')).status).toBe(400);
    expect((await post(app, '/debug/prof/cpu?output=svg')).status).toBe(400);
  });
});
