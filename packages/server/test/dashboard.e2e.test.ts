import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from './start-server.js';

/**
 * The dashboard in a real browser (Debian's Chromium driven by playwright-core) against the real
 * server: the built page as the server's build lays it out (dist/dashboard), real HTTP, real data.
 * SLUICE_SCREENSHOTS=<dir> saves a screenshot of each view there (docs/images is made this way).
 */
const dashboardDir = process.env.SLUICE_DASHBOARD_DIR ?? fileURLToPath(new URL('../dist/dashboard/', import.meta.url));
const CHROMIUM = process.env.SLUICE_CHROMIUM ?? '/usr/bin/chromium';
const screenshots = process.env.SLUICE_SCREENSHOTS;
const leftOut = ['0', 'off', 'false', 'no'].includes((process.env.SLUICE_BUILD_DASHBOARD ?? '').toLowerCase());

const now = Math.floor(Date.now() / 1000);
/** 40 log lines over the last hour (ms), the time index `ts` of app_logs. */
const logTimes = Array.from({ length: 40 }, (_, i) => (now - 3500 + i * 85) * 1000);
const LOG_INGEST = `/v1/ingest?table=app_logs&pipeline_name=service_identity&custom_time_index=${encodeURIComponent('ts;epoch;ms')}`;
const ns = (sec: number) => `${BigInt(sec) * 1_000_000_000n}`;

async function shot(page: Page, name: string): Promise<void> {
  if (screenshots === undefined) return;
  mkdirSync(screenshots, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(screenshots, `dashboard-${name}.png`) });
}

/** Replaces a CodeMirror editor's text the way a user does: select all, then type (one insert). */
async function typeInto(page: Page, testid: string, text: string): Promise<void> {
  await page.getByTestId(testid).locator('.cm-content').click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

describe.skipIf(leftOut)('dashboard in a real browser', { timeout: 60_000 }, () => {
  let s: TestServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    expect(existsSync(join(dashboardDir, 'index.html')), `no built dashboard in ${dashboardDir}: run npm run build`).toBe(true);
    expect(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM} (apt-get install chromium)`).toBe(true);
    s = await startTestServer({ dashboardDir });
    // Data over the last hour: a metric with two series, log lines, and one trace of three spans.
    const lp: string[] = [];
    for (let i = 0; i < 30; i++) {
      const t = ns(now - 3000 + i * 100);
      lp.push(`cpu_load,host=web-1,region=eu value=${i % 7} ${t}`, `cpu_load,host=web-2,region=us value=${(i % 5) + 0.5} ${t}`);
    }
    expect((await s.fetch('/v1/lineproto/write?db=public', { method: 'POST', body: lp.join('\n') })).status).toBe(204);
    const logs = logTimes.map((ts, i) => JSON.stringify({ ts, message: `GET /api/item/${i} ${i % 10 === 0 ? 500 : 200}`, level: i % 10 === 0 ? 'error' : 'info' }));
    expect((await s.fetch(LOG_INGEST, { method: 'POST', body: logs.join('\n'), headers: { 'content-type': 'application/x-ndjson' } })).status).toBe(200);
    const span = (id: string, parent: string, name: string, start: number, ms: number) => ({
      traceId: '5b8efff798038103d269b633813fc60c', spanId: id, parentSpanId: parent, name, kind: 2,
      startTimeUnixNano: `${BigInt(start) * 1_000_000n}`, endTimeUnixNano: `${BigInt(start + ms) * 1_000_000n}`,
      attributes: [{ key: 'http.route', value: { stringValue: `/${name}` } }],
    });
    const t0 = (now - 600) * 1000;
    const traces = { resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'checkout' } }] }, scopeSpans: [{ spans: [span('eee19b7ec3c1b174', '', 'checkout', t0, 120), span('eee19b7ec3c1b175', 'eee19b7ec3c1b174', 'charge-card', t0 + 10, 80), span('eee19b7ec3c1b176', 'eee19b7ec3c1b175', 'fraud-check', t0 + 20, 30)] }] }] };
    expect((await s.fetch('/v1/otlp/v1/traces', { method: 'POST', body: JSON.stringify(traces), headers: { 'content-type': 'application/json' } })).status).toBe(200);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
    page.on('pageerror', (e) => errors.push(e.message));
    page.setDefaultTimeout(15_000);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('serves the page at /dashboard (GET, POST as GET), its assets, and 404 for a missing file', async () => {
    for (const [path, method] of [['/dashboard', 'GET'], ['/dashboard/', 'POST'], ['/dashboard/#/logs', 'GET']] as const) {
      const res = await s.fetch(path, { method });
      expect(res.status, `${method} ${path}`).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toMatch(/<script type="module"[^>]*src="\/dashboard\/assets\//);
    }
    const missing = await s.fetch('/dashboard/assets/nothing.js');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toMatch(/no dashboard file/);
  });

  it('Query: runs SQL with Ctrl+Enter and shows rows, a chart for a time column, and the server error', async () => {
    await page.goto(`${s.url}/dashboard/#/query`);
    await typeInto(page, 'query-editor', 'SELECT * FROM cpu_load ORDER BY service_timestamp');
    await page.keyboard.press('Control+Enter');
    const table = page.getByTestId('panel-query').getByTestId('result-table');
    await expect.poll(() => table.getAttribute('data-rows')).toBe('60');
    expect(await table.locator('tbody tr').count()).toBe(60);
    expect(await table.locator('thead th').allTextContents()).toEqual(['service_timestamp', 'host', 'region', 'value']);
    expect(await page.getByTestId('result-chart').getAttribute('data-series')).toBe('2');
    await shot(page, 'query');
    await typeInto(page, 'query-editor', 'SELECT nope FROM cpu_load');
    await page.getByTestId('run-query').click();
    await expect.poll(() => page.getByTestId('query-error').textContent()).toMatch(/No field named nope/);
    expect(await page.getByTestId('recent-queries').textContent()).toContain('SELECT * FROM cpu_load');
    // A saved query survives a reload (localStorage) and loads back into the editor.
    await typeInto(page, 'query-editor', 'SELECT count(*) FROM app_logs');
    await page.getByTestId('save-name').fill('log count');
    await page.getByTestId('save-query').click();
    await page.reload();
    await page.getByTestId('saved-queries').getByText('log count').click();
    expect(await page.getByTestId('query-editor').locator('.cm-content').textContent()).toBe('SELECT count(*) FROM app_logs');
  });

  it('Query: a PromQL range query draws a line chart with one line per series; export is CSV', async () => {
    await page.goto(`${s.url}/dashboard/#/query`);
    await page.getByTestId('query-lang').selectOption('promql');
    await typeInto(page, 'query-editor', 'max by (host) (cpu_load)');
    await page.getByTestId('run-query').click();
    const chart = page.getByTestId('result-chart');
    await expect.poll(() => chart.getAttribute('data-series')).toBe('2');
    expect(await chart.locator('canvas').count()).toBe(1);
    expect(await chart.locator('.u-legend').textContent()).toContain('{host="web-1"}');
    expect(Number(await page.getByTestId('panel-query').getByTestId('result-table').getAttribute('data-rows'))).toBeGreaterThan(10);
    await shot(page, 'promql');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const csv = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(csv).toString().split('\r\n')[0]).toBe('series,time,value');
    // The editor completes metric names from the server's Prometheus API.
    await typeInto(page, 'query-editor', 'cpu_lo');
    await expect.poll(() => page.locator('.cm-tooltip-autocomplete li').allTextContents()).toContainEqual(expect.stringContaining('cpu_load'));
    await page.getByTestId('query-lang').selectOption('sql');
  });

  it('Pipelines: upload from the editor, dry-run as you type (browser) and on the server, then delete', async () => {
    await page.goto(`${s.url}/dashboard/#/pipelines`);
    const yaml = "processors:\n  - dissect:\n      fields: [message]\n      patterns: ['%{method} %{path} %{status}']\ntransform:\n  - fields: [method, path]\n    type: string\n  - fields: [status]\n    type: int32\n";
    await typeInto(page, 'pipeline-editor', yaml);
    await page.getByTestId('dryrun-input').fill('GET /a 200\nPOST /b 500\nbroken');
    const out = page.getByTestId('dryrun-output');
    // The path column of the rows, once the dry run reflects the typed sample.
    await expect.poll(() => out.locator('tbody tr td:nth-child(2)').allTextContents()).toEqual(['/a', '/b']);
    expect(await out.getByTestId('dryrun-summary').textContent()).toBe('2 row(s), 1 error(s) — run here in the browser');
    expect(await out.getByTestId('dryrun-error').textContent()).toMatch(/^input 3: /);
    await page.getByTestId('dryrun-server').click();
    await expect.poll(() => page.getByTestId('dryrun-server-summary').textContent()).toMatch(/server agrees/);
    expect(await page.getByTestId('dryrun-server-output').locator('tbody tr td:nth-child(2)').allTextContents()).toEqual(['/a', '/b']);
    await page.getByTestId('dryrun-input').fill('GET /a 200');
    await expect.poll(() => out.getByTestId('dryrun-summary').textContent()).toMatch(/^1 row\(s\), 0 error/);
    await page.getByTestId('pipeline-name').fill('web_lines');
    await page.getByTestId('pipeline-upload').click();
    await expect.poll(() => page.getByTestId('pipeline-uploaded').textContent()).toMatch(/uploaded web_lines, version/);
    await expect.poll(() => page.getByTestId('pipeline-item-web_lines').count()).toBe(1);
    const listed = (await (await s.fetch('/v1/pipelines/web_lines')).json()) as { pipelines: { pipeline: string }[] };
    expect(listed.pipelines[0]!.pipeline).toBe(yaml);
    await shot(page, 'pipelines');
    // A YAML error shows the pipeline library's own message.
    await typeInto(page, 'pipeline-editor', 'processors:\n  - dissekt: {}\n');
    await expect.poll(() => out.textContent()).toMatch(/dissekt/);
    // Open the uploaded version from the list, then delete it (the page asks to confirm).
    await page.getByTestId('pipelines-list').locator('li a').first().click();
    await expect.poll(() => page.getByTestId('pipeline-version').textContent()).toMatch(/^version /);
    await expect.poll(() => page.getByTestId('pipeline-editor').locator('.cm-content').textContent()).toContain('%{method} %{path} %{status}');
    page.once('dialog', (d) => void d.accept());
    await page.getByTestId('pipeline-delete').click();
    await expect.poll(() => page.getByTestId('pipeline-deleted').count()).toBe(1);
    expect((await (await s.fetch('/v1/pipelines/web_lines')).json()).error).toMatch(/Pipeline not found/);
    // Uploaded again for the ingest test.
    expect((await s.fetch('/v1/pipelines/web_lines', { method: 'POST', body: yaml, headers: { 'content-type': 'application/x-yaml' } })).status).toBe(200);
  });

  it('Ingest: lines through the uploaded pipeline, and what was written', async () => {
    await page.goto(`${s.url}/dashboard/#/ingest`);
    await page.getByTestId('ingest-table').fill('web');
    await expect.poll(() => page.getByTestId('ingest-pipeline').locator('option').allTextContents()).toContain('web_lines');
    await page.getByTestId('ingest-pipeline').selectOption('web_lines');
    await page.getByTestId('ingest-input').fill('GET /x 200\nPUT /y 201\n');
    await page.getByTestId('ingest-send').click();
    await expect.poll(() => page.getByTestId('ingest-summary').textContent()).toMatch(/^2 row\(s\) written to web/);
    expect(await page.getByTestId('ingest-rows').getAttribute('data-rows')).toBe('2');
    await shot(page, 'ingest');
    // A file chosen from disk goes in the same way.
    await page.getByTestId('ingest-file').setInputFiles({ name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from('DELETE /z 204\n') });
    await expect.poll(() => page.getByTestId('ingest-input').inputValue()).toBe('DELETE /z 204\n');
    await page.getByTestId('ingest-send').click();
    await expect.poll(() => page.getByTestId('ingest-summary').textContent()).toMatch(/^1 row\(s\) written to web/);
    await page.getByTestId('ingest-mode').selectOption('lineproto');
    await page.getByTestId('ingest-input').fill('disk_free,host=a value=10\ndisk_free,host=b value=20');
    await page.getByTestId('ingest-send').click();
    await expect.poll(() => page.getByTestId('ingest-summary').textContent()).toBe('2 line(s) written to disk_free');
    await page.getByTestId('ingest-input').fill('disk_free,host=a value=');
    await page.getByTestId('ingest-send').click();
    await expect.poll(() => page.getByTestId('ingest-error').count()).toBe(1);
  });

  it('Logs: newest first, a volume histogram, full-text search, expandable fields, zoom', async () => {
    await page.goto(`${s.url}/dashboard/#/logs?table=app_logs`);
    const table = page.getByTestId('panel-logs').getByTestId('result-table');
    await expect.poll(() => table.getAttribute('data-rows')).toBe('40');
    expect(await page.getByTestId('logs-histogram').getAttribute('data-total')).toBe('40');
    await page.getByTestId('logs-search').fill('500');
    await page.getByTestId('logs-run').click();
    await expect.poll(() => table.getAttribute('data-rows')).toBe('4');
    const [ndjson] = await Promise.all([page.waitForEvent('download'), page.getByTestId('logs-export-ndjson').click()]);
    const exported = Buffer.concat(await (await ndjson.createReadStream()).toArray()).toString().trim().split('\n').map((l) => JSON.parse(l) as { level: string });
    expect(exported.map((r) => r.level)).toEqual(['error', 'error', 'error', 'error']);
    await table.locator('tbody tr.expandable').first().click();
    expect(await page.getByTestId('row-details').textContent()).toMatch(/level String\s*error/);
    await shot(page, 'logs');
    // Clicking a bar of the histogram zooms to that bucket: exactly the lines in it.
    await page.getByTestId('logs-search').fill('');
    await page.getByTestId('logs-run').click();
    await expect.poll(() => table.getAttribute('data-rows')).toBe('40');
    const hist = page.getByTestId('logs-histogram');
    const [from, to, bucket] = await Promise.all(['from', 'to', 'bucket'].map(async (k) => Number(await hist.getAttribute(`data-${k}`))));
    const filled = (await hist.getAttribute('data-filled'))!.split(',').map(Number);
    expect(filled.length).toBeGreaterThan(10);
    const pick = filled[Math.floor(filled.length / 2)]!;
    const inBucket = logTimes.filter((t) => t >= pick * 1000 && t < (pick + bucket) * 1000).length;
    const box = (await hist.locator('.u-over').boundingBox())!;
    await hist.locator('.u-over').click({ position: { x: ((pick + bucket / 2 - from) / (to - from)) * box.width, y: box.height / 2 } });
    await expect.poll(() => page.getByTestId('logs-range-select').inputValue()).toBe('custom');
    await expect.poll(() => table.getAttribute('data-rows')).toBe(String(inBucket));
  });

  it('Logs: live tail shows new lines without a reload', async () => {
    await page.goto(`${s.url}/dashboard/#/logs?table=app_logs`);
    await page.getByTestId('logs-range-select').selectOption('3600');
    const table = page.getByTestId('panel-logs').getByTestId('result-table');
    await expect.poll(() => table.getAttribute('data-rows')).toBe('40');
    await page.getByTestId('logs-live').check();
    await s.fetch(LOG_INGEST, { method: 'POST', body: JSON.stringify({ ts: Date.now(), message: 'tail me', level: 'info' }), headers: { 'content-type': 'application/json' } });
    await expect.poll(() => table.locator('tbody tr').first().textContent(), { timeout: 10_000 }).toContain('tail me');
    await page.getByTestId('logs-live').uncheck();
  });

  it('Metrics: names as a tree, a chart, a breakdown per label, and a jump to the logs of the range', async () => {
    await page.goto(`${s.url}/dashboard/#/metrics`);
    await page.getByTestId('metrics-search').fill('cpu');
    await page.getByTestId('metric-cpu_load').click();
    // A query worker's first PromQL query may wait for it to load (issue 18) on a busy machine: allow
    // seconds. The chart says what it shows (loading, empty, error, drawn), so a failure names which.
    const chart = page.getByTestId('metric-chart');
    const state = async () => {
      const [st, series] = [await chart.getAttribute('data-state'), await chart.getAttribute('data-series')];
      return st === 'drawn' ? `drawn ${series}` : `${st}: ${await chart.textContent()}`;
    };
    await expect.poll(state, { timeout: 30_000 }).toBe('drawn 2');
    await expect.poll(() => page.getByTestId('metric-breakdown').locator('canvas').count(), { timeout: 30_000 }).toBe(2);
    expect(await page.getByTestId('breakdown-host').count()).toBe(1);
    expect(await page.getByTestId('breakdown-region').count()).toBe(1);
    await shot(page, 'metrics');
    await page.getByTestId('metric-to-logs').click();
    await expect.poll(() => page.url()).toMatch(/#\/logs\?start=\d+&end=\d+/);
    await expect.poll(() => page.getByTestId('logs-range-select').inputValue()).toBe('custom');
  });

  it('Traces: search by service, open one trace as a span gantt with attributes', async () => {
    await page.goto(`${s.url}/dashboard/#/traces`);
    await expect.poll(() => page.getByTestId('traces-service').locator('option').allTextContents()).toContain('checkout');
    await page.getByTestId('traces-service').selectOption('checkout');
    await page.getByTestId('traces-min-duration').fill('50');
    await page.getByTestId('traces-search').click();
    const result = page.getByTestId('traces-result');
    await expect.poll(() => result.getAttribute('data-rows')).toBe('1');
    // The whole trace: its root span, all 3 spans (2 matched the filter) and its length.
    expect(await result.locator('tbody td').allTextContents()).toEqual(['5b8efff798038103d269b633813fc60c', expect.stringMatching(/^\d{4}-/), 'checkout: checkout', '3', '120']);
    await result.locator('tbody tr').first().click();
    await expect.poll(() => page.getByTestId('gantt-span').count()).toBe(3);
    expect(await page.getByTestId('gantt-span').allTextContents()).toEqual([expect.stringMatching(/^checkout checkout/), expect.stringMatching(/charge-card/), expect.stringMatching(/fraud-check/)]);
    await page.getByTestId('gantt-span').nth(2).click();
    expect(await page.getByTestId('span-attributes').textContent()).toContain('/fraud-check');
    await shot(page, 'traces');
  });

  it('Status: rates from /metrics and tables from information_schema', async () => {
    await page.goto(`${s.url}/dashboard/#/status`);
    const tables = page.getByTestId('status-table-list');
    await expect.poll(() => tables.getAttribute('data-rows')).toBe('5');
    expect(await tables.textContent()).toMatch(/app_logs41/);
    expect(Number(await page.getByTestId('status-rows-total').locator('.big').textContent())).toBeGreaterThanOrEqual(100);
    await shot(page, 'status');
    expect(errors).toEqual([]);
  });
});

describe.skipIf(leftOut)('dashboard behind Basic auth', { timeout: 60_000 }, () => {
  let s: TestServer;
  let browser: Browser;
  const dir = mkdtempSync(join(tmpdir(), 'sluice-dash-auth-'));
  beforeAll(async () => {
    writeFileSync(join(dir, 'users'), 'admin=pa55\n');
    s = await startTestServer({ dashboardDir, config: { user_provider: `static_user_provider:file:${join(dir, 'users')}` } });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('asks for credentials once, retries with them, asks again after a wrong password, and can be cancelled', async () => {
    const page = await browser.newPage();
    const t = Date.now();
    const lap = (what: string) => process.env.SLUICE_DEBUG_TIMING && console.log(what, Date.now() - t);
    let asked = 0;
    page.on('request', (r) => r.url().includes('/v1/') && r.headers().authorization === undefined && asked++);
    await page.goto(`${s.url}/dashboard/#/query`);
    await typeInto(page, 'query-editor', 'SELECT 1 + 1 AS two');
    await page.keyboard.press('Control+Enter');
    lap('typed');
    // Cancel: the query fails with the server's message; running it again asks again.
    await page.getByTestId('login-cancel').click();
    await expect.poll(() => page.getByTestId('query-error').textContent()).toMatch(/sign-in cancelled/);
    await page.getByTestId('run-query').click();
    await page.getByTestId('login-user').fill('admin');
    lap('asked');
    await page.getByTestId('login-password').fill('wrong');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login').textContent()).toMatch(/Sign-in failed: .*(password|user)/i);
    await page.getByTestId('login-user').fill('admin');
    await page.getByTestId('login-password').fill('pa55');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('result-table').textContent()).toBe('two2');
    lap('answered');
    // The credentials are kept for the tab: other views need no second sign-in.
    await page.goto(`${s.url}/dashboard/#/status`);
    await expect.poll(() => page.getByTestId('status-table-list').count()).toBe(1);
    expect(await page.getByTestId('login').count()).toBe(0);
    expect(asked).toBe(2);
  });
});
