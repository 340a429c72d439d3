import { readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDataHome } from './start-server.js';

const NGINX_YAML = readFileSync(new URL('./fixtures/nginx.yaml', import.meta.url), 'utf8');
const NGINX_LOG = readFileSync(new URL('./fixtures/nginx.log', import.meta.url), 'utf8');

describe('restart persistence', () => {
  const dataHome = tempDataHome();
  afterAll(() => rmSync(dataHome, { recursive: true, force: true }));

  it('keeps pipelines and data across a restart on the same data home', async () => {
    const first = await startTestServer({ dataHome });
    const up = await first.fetch('/v1/pipelines/nginx', { method: 'POST', body: NGINX_YAML, headers: { 'content-type': 'application/x-yaml' } });
    const version = (await up.json()).pipelines[0].version;
    const ing = await first.fetch('/v1/ingest?table=web&pipeline_name=nginx', { method: 'POST', body: NGINX_LOG, headers: { 'content-type': 'text/plain' } });
    expect(ing.status).toBe(200);
    await first.stop();

    const second = await startTestServer({ dataHome });
    try {
      const got = await (await second.fetch('/v1/pipelines/nginx')).json();
      expect(got.pipelines[0]).toMatchObject({ name: 'nginx', version, pipeline: NGINX_YAML });
      const count = await (await second.fetch('/v1/sql?sql=' + encodeURIComponent('SELECT count(*) FROM web'))).json();
      expect(count.output[0].records.rows).toEqual([[4]]);
      const more = await second.fetch('/v1/ingest?table=web&pipeline_name=nginx', { method: 'POST', body: NGINX_LOG, headers: { 'content-type': 'text/plain' } });
      expect((await more.json()).output).toEqual([{ affectedrows: 4 }]);
    } finally {
      await second.stop();
    }
  });
});
