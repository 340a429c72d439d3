// Writes demo data (logs, a metric, a trace) into a running Sluice, then uses the dashboard in headless
// Chromium as a person would and prints what each view shows.
//   node examples/dashboard/tour.mjs [URL]      (default: $SLUICE_URL or http://127.0.0.1:4000)
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? process.env.SLUICE_URL ?? 'http://127.0.0.1:4000';
const now = Math.floor(Date.now() / 1000);

async function post(path, body, type) {
  const res = await fetch(url + path, { method: 'POST', body, headers: { 'content-type': type } });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
}

// 1. Data over the last hour: 2 hosts x 30 points of demo_cpu, 30 access-log lines, one trace of 3 spans.
const lp = [];
for (let i = 0; i < 30; i++) for (const [host, base] of [['web-1', 20], ['web-2', 50]]) lp.push(`demo_cpu,host=${host} value=${base + (i % 6) * 5} ${(now - 3000 + i * 100) * 1e9}`);
await post('/v1/lineproto/write?db=public', lp.join('\n'), 'text/plain');
const paths = ['/', '/login', '/cart', '/checkout', '/search'];
const logs = Array.from({ length: 30 }, (_, i) => JSON.stringify({ message: `GET ${paths[i % 5]} ${i % 10 === 9 ? 500 : 200}`, level: i % 10 === 9 ? 'error' : 'info' }));
await post('/v1/ingest?table=demo_logs&pipeline_name=service_identity', logs.join('\n'), 'application/x-ndjson');
const span = (id, parent, name, startMs, ms) => ({ traceId: `${now.toString(16).padStart(32, '0')}`, spanId: id, parentSpanId: parent, name, kind: 2, startTimeUnixNano: `${BigInt(startMs) * 1000000n}`, endTimeUnixNano: `${BigInt(startMs + ms) * 1000000n}` });
const t0 = (now - 300) * 1000;
await post('/v1/otlp/v1/traces', JSON.stringify({ resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'shop' } }] }, scopeSpans: [{ spans: [span('a000000000000001', '', 'GET /checkout', t0, 120), span('a000000000000002', 'a000000000000001', 'charge-card', t0 + 10, 80), span('a000000000000003', 'a000000000000002', 'fraud-check', t0 + 20, 30)] }] }] }), 'application/json');
console.log('wrote 60 demo_cpu points, 30 demo_logs lines and a trace of 3 spans');

// 2. The dashboard in a real browser.
const browser = await chromium.launch({
  executablePath: process.env.SLUICE_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.setDefaultTimeout(15000);
  const editor = async (testid, text) => {
    await page.getByTestId(testid).locator('.cm-content').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText(text);
  };
  await page.goto(`${url}/dashboard/#/query`);
  await page.getByTestId('query-lang').selectOption('sql');
  await editor('query-editor', "SELECT level, count(*) > 0 AS seen FROM demo_logs GROUP BY level ORDER BY level");
  await page.keyboard.press('Control+Enter');
  const table = page.getByTestId('panel-query').getByTestId('result-table');
  await table.waitFor();
  console.log('Query (SQL):', (await table.locator('tbody tr').allTextContents()).join(' | '));

  await page.getByTestId('query-lang').selectOption('promql');
  await editor('query-editor', 'max by (host) (demo_cpu)');
  await page.getByTestId('run-query').click();
  const chart = page.getByTestId('result-chart');
  await chart.waitFor();
  console.log('Query (PromQL range): a chart with', await chart.getAttribute('data-series'), 'lines:', (await chart.locator('.u-series th').allTextContents()).slice(1).join(', '));
  await page.getByTestId('query-lang').selectOption('sql');

  await page.goto(`${url}/dashboard/#/logs?table=demo_logs`);
  await page.getByTestId('logs-search').fill('search 500');
  await page.getByTestId('logs-run').click();
  // The view first shows the table's newest lines, then the search's: wait until every line is a match.
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll('[data-testid="panel-logs"] [data-testid="result-table"] tbody tr')];
    return rows.length > 0 && rows.every((r) => /search 500/.test(r.textContent ?? ''));
  });
  const first = page.getByTestId('panel-logs').getByTestId('result-table').locator('tbody tr').first();
  await first.click();
  await page.getByTestId('row-details').locator('dt').first().waitFor();
  console.log('Logs: search "search 500", the newest line\'s fields:', (await page.getByTestId('row-details').locator('dt').allTextContents()).map((t) => t.split(' ')[0]).join(', '));

  await page.goto(`${url}/dashboard/#/pipelines`);
  await editor('pipeline-editor', "processors:\n  - dissect:\n      fields: [message]\n      patterns: ['%{method} %{path} %{status}']\ntransform:\n  - fields: [method, path]\n    type: string\n  - fields: [status]\n    type: int32\n");
  await page.getByTestId('dryrun-input').fill('GET /a 200\nPOST /b 500\nbroken');
  const out = page.getByTestId('dryrun-output');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="dryrun-output"] tbody tr td:nth-child(2)').length === 2 && document.querySelector('[data-testid="dryrun-output"] tbody tr td:nth-child(2)').textContent === '/a');
  console.log('Pipelines dry run (in the browser):', await out.getByTestId('dryrun-summary').textContent());
  await page.getByTestId('dryrun-server').click();
  await page.getByTestId('dryrun-server-summary').or(page.getByTestId('dryrun-server-error')).waitFor();
  console.log('Pipelines dry run (server check):', await page.getByTestId('dryrun-server-summary').textContent());

  await page.goto(`${url}/dashboard/#/traces`);
  await page.getByTestId('traces-operation').fill('checkout');
  await page.getByTestId('traces-search').click();
  await page.getByTestId('traces-result').locator('tbody tr').first().click();
  await page.getByTestId('gantt-span').nth(2).waitFor();
  console.log('Traces: the newest trace as a gantt:', (await page.getByTestId('gantt-span').locator('.gantt-label').allTextContents()).join(' > '));
} finally {
  await browser.close();
}
