import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './start-server.js';
import { hasPrometheus, startPrometheus, type PrometheusPeer } from './prometheus-peer.js';
import { generateDataset, SPAN_MS, T0_MS, toOpenMetrics, type GenSeries } from './promql-compliance/dataset.js';
import { COMPLIANCE_ERRORS, COMPLIANCE_QUERIES } from './promql-compliance/queries.js';

/**
 * PromQL compliance against a real Prometheus 2.42: the same generated samples are backfilled into
 * Prometheus (promtool) and inserted into Sluice (SQL), then every query runs on both HTTP APIs as a
 * range query and as an instant query; results must match (floats within 1e-9 relative).
 */
const enabled = hasPrometheus() || !!process.env.CI;

interface PromBody {
  status: string;
  errorType?: string;
  error?: string;
  data?: { resultType: string; result: unknown };
}

async function insertDataset(s: TestServer, series: readonly GenSeries[]): Promise<void> {
  const byName = new Map<string, GenSeries[]>();
  for (const x of series) byName.set(x.name, [...(byName.get(x.name) ?? []), x]);
  for (const [name, ss] of byName) {
    const tags = [...new Set(ss.flatMap((x) => Object.keys(x.labels)))].sort();
    const ddl = `CREATE TABLE ${name} (${tags.map((t) => `${t} STRING`).join(', ')}, service_value DOUBLE, service_timestamp TIMESTAMP(3) NOT NULL, TIME INDEX (service_timestamp), PRIMARY KEY (${tags.join(', ')}))`;
    const rows = ss.flatMap((x) => x.samples.map(([t, v]) => `(${tags.map((k) => `'${x.labels[k] ?? ''}'`).join(', ')}, ${v}, ${t})`));
    const stmts = [ddl];
    for (let i = 0; i < rows.length; i += 2000) stmts.push(`INSERT INTO ${name} (${tags.join(', ')}, service_value, service_timestamp) VALUES ${rows.slice(i, i + 2000).join(', ')}`);
    for (const sql of stmts) {
      const res = await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql }) });
      if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
    }
  }
}

function close(a: string, b: string): boolean {
  if (a === b) return true;
  const x = Number(a);
  const y = Number(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return false;
  return Math.abs(x - y) <= 1e-9 * Math.max(Math.abs(x), Math.abs(y));
}

type Point = [number, string];
interface Item { metric: Record<string, string>; values?: Point[]; value?: Point }

/** Undefined when equal, else a description of the first difference. */
function diff(prom: PromBody, ours: PromBody, ordered: boolean): string | undefined {
  if (prom.status !== ours.status) return `status ${ours.status} (${ours.error ?? ''}) vs Prometheus ${prom.status} (${prom.error ?? ''})`;
  if (prom.status === 'error') return prom.errorType === ours.errorType ? undefined : `errorType ${ours.errorType} vs ${prom.errorType}`;
  const p = prom.data!;
  const o = ours.data!;
  if (p.resultType !== o.resultType) return `resultType ${o.resultType} vs ${p.resultType}`;
  if (p.resultType === 'scalar' || p.resultType === 'string') {
    const [pt, pv] = p.result as Point;
    const [ot, ov] = o.result as Point;
    return pt === ot && close(pv, ov) ? undefined : `${JSON.stringify(o.result)} vs ${JSON.stringify(p.result)}`;
  }
  const key = (i: Item) => JSON.stringify(Object.entries(i.metric).sort());
  const sorted = (r: Item[]) => (ordered ? r : [...r].sort((a, b) => (key(a) < key(b) ? -1 : 1)));
  const pr = sorted(p.result as Item[]);
  const or = sorted(o.result as Item[]);
  if (pr.length !== or.length) return `${or.length} series vs ${pr.length}: ${JSON.stringify(or.map((x) => x.metric)).slice(0, 300)} vs ${JSON.stringify(pr.map((x) => x.metric)).slice(0, 300)}`;
  for (let i = 0; i < pr.length; i++) {
    const a = pr[i]!;
    const b = or[i]!;
    if (key(a) !== key(b)) return `series ${key(b)} vs ${key(a)}`;
    const pa = a.values ?? [a.value!];
    const pb = b.values ?? [b.value!];
    if (pa.length !== pb.length) return `${key(a)}: ${pb.length} points vs ${pa.length}`;
    for (let j = 0; j < pa.length; j++) {
      if (pa[j]![0] !== pb[j]![0] || !close(pa[j]![1], pb[j]![1])) return `${key(a)} point ${j}: ${JSON.stringify(pb[j])} vs ${JSON.stringify(pa[j])}`;
    }
  }
  return undefined;
}

async function ask(base: string, path: string, params: Record<string, string>, method = 'POST'): Promise<PromBody> {
  const qs = new URLSearchParams(params);
  const res = method === 'GET' ? await fetch(`${base}${path}?${qs}`) : await fetch(`${base}${path}`, { method, body: qs });
  return (await res.json()) as PromBody;
}

describe.skipIf(!enabled)('PromQL compliance against Prometheus 2.42', () => {
  let prom: PrometheusPeer;
  let sluice: TestServer;
  const disagreements: string[] = [];
  let compared = 0;
  let nonEmpty = 0;

  beforeAll(async () => {
    const data = generateDataset();
    [prom, sluice] = await Promise.all([startPrometheus(toOpenMetrics(data)), startTestServer()]);
    await insertDataset(sluice, data);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([prom?.close(), sluice?.close()]);
    console.log(`PromQL compliance: ${compared - disagreements.length}/${compared} comparisons agree, ${nonEmpty} with data (${COMPLIANCE_QUERIES.length} queries x range+instant, ${COMPLIANCE_ERRORS.length} error cases)`);
  });

  const range = { start: String((T0_MS + 10 * 60_000) / 1000), end: String((T0_MS + SPAN_MS - 5 * 60_000) / 1000), step: '60' };
  const instant = { time: String((T0_MS + 31 * 60_000 + 7_250) / 1000) };

  it.each(COMPLIANCE_QUERIES)('%s', async (query) => {
    const ordered = /^(sort|sort_desc)\(/.test(query);
    for (const [path, params] of [['/api/v1/query_range', { query, ...range }], ['/api/v1/query', { query, ...instant }]] as const) {
      const [p, o] = await Promise.all([ask(prom.url, path, params), ask(`${sluice.url}/v1/metricsapi`, path, params)]);
      compared++;
      const d = diff(p, o, ordered && path === '/api/v1/query');
      if (p.status === 'success' && JSON.stringify(p.data?.result).length > 40) nonEmpty++;
      if (d) disagreements.push(`${path} ${query}: ${d}`);
      expect(d, `${path} ${query}`).toBeUndefined();
    }
  });

  it.each(COMPLIANCE_ERRORS)('rejects %s as Prometheus does', async (query) => {
    const [p, o] = await Promise.all([ask(prom.url, '/api/v1/query_range', { query, ...range }), ask(`${sluice.url}/v1/metricsapi`, '/api/v1/query_range', { query, ...range })]);
    compared++;
    const d = p.status === 'error' ? diff(p, o, false) : 'Prometheus accepted it';
    if (d) disagreements.push(`error ${query}: ${d}`);
    expect(d).toBeUndefined();
  });

  it('answers labels, label values and series as Prometheus does', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/api/v1/labels', {}],
      ['/api/v1/label/job/values', {}],
      ['/api/v1/label/__name__/values', {}],
      ['/api/v1/series', { 'match[]': 'up' }],
      ['/api/v1/series', { 'match[]': '{__name__=~"node_.*", zone="west"}' }],
      ['/api/v1/labels', { 'match[]': 'errors_total' }],
    ];
    for (const [path, params] of cases) {
      const [p, o] = await Promise.all([ask(prom.url, path, params, 'GET'), ask(`${sluice.url}/v1/metricsapi`, path, params, 'GET')]);
      compared++;
      const norm = (b: PromBody) => JSON.stringify(Array.isArray(b.data) ? [...(b.data as unknown[])].map((x) => JSON.stringify(x)).sort() : b);
      expect(norm(o), path).toEqual(norm(p));
    }
  });
});
