import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { fakeDeps } from '../src/testing/fake-deps.js';
import { buildCli } from './build-cli.js';
import { runFuzz } from './fuzz/fuzz-runner.js';
import type { Route } from './fuzz/requests.js';
import { startSluice, type SluiceProcess } from './support/sluice-process.js';

/**
 * Malformed requests over every route of the app's route table (routes other modules add are
 * fuzzed automatically), against the real server in a child process: zero 5xx, zero hangs, zero
 * crashes, /health answering throughout, earlier data intact after. `npm test` runs a short,
 * time-bounded version (400 requests or 30 s); `npm run fuzz` the long one (SLUICE_FUZZ_REQUESTS, default
 * there 12000).
 */
const REQUESTS = Number(process.env.SLUICE_FUZZ_REQUESTS ?? 400);
const BUDGET_MS = Number(process.env.SLUICE_FUZZ_BUDGET_MS ?? 30_000);
const SEED = Number(process.env.SLUICE_FUZZ_SEED ?? 1818);

/** The app's route table, method and pattern, deduplicated. */
function routes(): Route[] {
  const seen = new Map<string, Route>();
  for (const r of createApp(fakeDeps()).routes) seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  return [...seen.values()];
}

async function sql(url: string, statement: string): Promise<unknown> {
  const res = await fetch(`${url}/v1/sql`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ sql: statement }) });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${statement}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

const snapshot = async (url: string) => JSON.stringify(((await sql(url, 'SELECT * FROM fuzz_canary ORDER BY ts')) as { output: unknown[] }).output);

describe('fuzz: malformed requests over every endpoint (real server)', () => {
  let main: string;
  let server: SluiceProcess;
  const dir = mkdtempSync(join(tmpdir(), 'sluice-fuzz-'));
  beforeAll(async () => {
    main = await buildCli();
    server = await startSluice({ main, dataHome: join(dir, 'data'), toml: '[http]\ntimeout = "10s"\n' });
  }, 180_000);
  afterAll(async () => {
    if (server !== undefined && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it(`answers up to ${REQUESTS} malformed requests with no 5xx, hang or crash, and keeps earlier data`, { timeout: BUDGET_MS + 120_000 }, async () => {
    await sql(server.url, "CREATE TABLE fuzz_canary (ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY, message STRING, n BIGINT) WITH (append_mode = 'true')");
    await sql(server.url, `INSERT INTO fuzz_canary VALUES ${Array.from({ length: 200 }, (_, i) => `(${1_700_000_000_000 + i}, 'h${i % 5}', 'message ${i} aaaa', ${i})`).join(', ')}`);
    const ingest = await fetch(`${server.url}/v1/ingest?table=fuzz_canary_logs&pipeline_name=service_identity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ message: `m${i}`, level: 'info' }))),
    });
    expect(ingest.status).toBe(200);
    const before = await snapshot(server.url);
    const logs = async () => JSON.stringify(((await sql(server.url, 'SELECT message, level FROM fuzz_canary_logs ORDER BY message')) as { output: unknown[] }).output);
    const logsBefore = await logs();

    const table = routes();
    // Every entry of the route table (handlers and middleware, about 78 today) is a target.
    expect(table.length).toBeGreaterThan(60);
    const report = await runFuzz({
      url: server.url,
      routes: table,
      requests: REQUESTS,
      seed: SEED,
      concurrency: 4,
      timeBudgetMs: BUDGET_MS,
      hangMs: 30_000,
      alive: () => server.child.exitCode === null && server.child.signalCode === null,
    });
    const routesHit = Object.keys(report.byRoute).length;
    console.log(`fuzz: ${JSON.stringify({ ...report, byRoute: undefined, findings: report.findings.slice(0, 20), findingCount: report.findings.length, routes: table.length, routesHit })}`);

    if (report.findings.length > 0 || report.health.failures > 0) {
      const worrying = server.output().split('\n').filter((l) => /"level":(40|50|60)|Error|error:/.test(l) && !/"level":30/.test(l));
      console.log(`server warnings and errors (last 40 of ${worrying.length}):\n${worrying.slice(-40).join('\n').slice(-12000)}`);
    }
    expect(report.findings).toEqual([]);
    expect(report.health.failures).toBe(0);
    expect(report.sent).toBeGreaterThan(Math.min(REQUESTS, 200));
    // A long run reaches every route of the table.
    if (report.sent >= 5000) expect(routesHit).toBe(table.length);
    expect(server.child.exitCode).toBeNull();
    expect(await snapshot(server.url)).toBe(before);
    expect(await logs()).toBe(logsBefore);
    // And it still stops cleanly.
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });
});
