import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { fakeDeps } from '../testing/fake-deps.js';

/** Client input that used to answer 5xx (issue 18): each is a 400 with the JSON error body now. */
describe('client faults answer 4xx with the error body', () => {
  const app = createApp(fakeDeps());
  const expect400 = async (res: Response, message: RegExp) => {
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ code: 1004, error: expect.stringMatching(message) });
  };

  it('a multipart body that is not form data (pipeline upload and SQL)', async () => {
    for (const path of ['/v1/pipelines/p', '/v1/sql']) {
      const res = await app.request(path, { method: 'POST', body: 'garbage', headers: { 'content-type': 'multipart/form-data; boundary=zz' } });
      await expect400(res, /not valid multipart\/form-data/);
    }
  });

  it('a pipeline name over 128 characters, on every lookup, before the store sees it', async () => {
    const name = 'p'.repeat(3000);
    await expect400(await app.request(`/v1/pipelines/${name}`), /pipeline name too long: 3000 characters \(at most 128\)/);
    await expect400(await app.request(`/v1/pipelines/${name}?version=2024-01-01%2000:00:00.000000000`, { method: 'DELETE' }), /too long/);
    const ingest = await app.request(`/v1/ingest?table=t&pipeline_name=${name}`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    await expect400(ingest, /pipeline name too long/);
  });

  it('JSON nested deeper than 128 levels, naming the limit', async () => {
    const deep = '{"a":'.repeat(3000) + '1' + '}'.repeat(3000);
    const ingest = await app.request('/v1/ingest?table=t&pipeline_name=service_identity', { method: 'POST', body: deep, headers: { 'content-type': 'application/json' } });
    await expect400(ingest, /the JSON body nests deeper than 128 levels \(at offset \d+\); the maximum JSON nesting depth is 128/);
    const ndjson = await app.request('/v1/ingest?table=t&pipeline_name=service_identity', {
      method: 'POST',
      body: `{"a":1}\n${'['.repeat(200)}${']'.repeat(200)}\n`,
      headers: { 'content-type': 'application/x-ndjson' },
    });
    await expect400(ndjson, /line 2 nests deeper than 128 levels/);
    const ok = '{"a":'.repeat(100) + '1' + '}'.repeat(100);
    const fine = await app.request('/v1/ingest?table=t&pipeline_name=service_identity', { method: 'POST', body: ok, headers: { 'content-type': 'application/json' } });
    expect(fine.status).toBe(200);
    // Brackets inside strings do not count.
    const quoted = await app.request('/v1/ingest?table=t&pipeline_name=service_identity', {
      method: 'POST',
      body: JSON.stringify({ m: '['.repeat(1000) + '\\"{' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(quoted.status).toBe(200);
  });
});
