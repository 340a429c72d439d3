// Run Sluice inside another Node application: start it on a free port with its own data home,
// push a few log lines through the HTTP API, query them, and stop it.
// From the repository root:  npm run build && node examples/embedded/index.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@sluice/server';

const dataHome = mkdtempSync(join(tmpdir(), 'sluice-embedded-'));
const server = await startServer({
  config: {
    http: { addr: '127.0.0.1:0', body_limit: '8MiB' },
    storage: { data_home: dataHome },
    logging: { level: 'warn', log_format: 'text' },
  },
});
console.log(`Sluice is listening on ${server.url}`);

try {
  const pipeline = `processors:
  - dissect:
      fields: [message]
      patterns: ['%{level} %{service} %{msg}']
transform:
  - fields: [level, service]
    type: string
    index: inverted
  - field: msg
    type: string
    index: fulltext
`;
  let res = await fetch(`${server.url}/v1/pipelines/app`, { method: 'POST', body: pipeline, headers: { 'content-type': 'application/x-yaml' } });
  console.log('upload:', await res.text());

  const lines = ['INFO api started', 'WARN api slow_request', 'ERROR worker job_failed'].join('\n');
  res = await fetch(`${server.url}/v1/ingest?table=app_logs&pipeline_name=app`, { method: 'POST', body: lines, headers: { 'content-type': 'text/plain' } });
  console.log('ingest:', await res.text());

  res = await fetch(`${server.url}/v1/sql?format=table`, {
    method: 'POST',
    body: new URLSearchParams({ sql: "SELECT level, service, msg FROM app_logs WHERE level != 'INFO'" }),
  });
  console.log(await res.text());
} finally {
  await server.close();
  rmSync(dataHome, { recursive: true, force: true });
}
