import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLmdbStore, type LmdbStore } from '@sluice/storage';
import { createQueryEngine, formatPromql, parsePromql, prettyPromql, translatePromqlAst, type QueryEngine } from '@sluice/query';

/** The PromQL engine through the QueryEngine interface over a real store: tables, databases, limits, TQL. */
let home: string;
let store: LmdbStore;
let engine: QueryEngine;
const T = 1_700_000_000_000;

async function sql(text: string, db = 'public') {
  return engine.executeSql(text, { db });
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'sluice-promql-engine-'));
  store = await openLmdbStore({ dataHome: home, noSync: true, ttlSweepIntervalMs: 0 });
  engine = createQueryEngine(store, { promqlLimits: { maxSamples: 5000 } });
  await sql("CREATE TABLE phy (service_timestamp TIMESTAMP(3) TIME INDEX, service_value DOUBLE) ENGINE = metric WITH ('physical_metric_table' = '')");
  await sql("CREATE TABLE cpu_total (host STRING, service_value DOUBLE, service_timestamp TIMESTAMP(3) TIME INDEX, PRIMARY KEY (host)) ENGINE = metric WITH ('on_physical_table' = 'phy')");
  await sql("CREATE TABLE mem_bytes (host STRING, service_value DOUBLE, service_timestamp TIMESTAMP(3) TIME INDEX, PRIMARY KEY (host)) ENGINE = metric WITH ('on_physical_table' = 'phy')");
  const rows = (f: (i: number) => number) => Array.from({ length: 10 }, (_, i) => `('a', ${f(i)}, ${T + i * 60_000}), ('b', ${2 * f(i)}, ${T + i * 60_000})`).join(', ');
  await sql(`INSERT INTO cpu_total (host, service_value, service_timestamp) VALUES ${rows((i) => i * 60)}`);
  await sql(`INSERT INTO mem_bytes (host, service_value, service_timestamp) VALUES ${rows(() => 100)}`);
  await sql('CREATE DATABASE other');
  await sql(`CREATE TABLE cpu_total (host STRING, service_value DOUBLE, service_timestamp TIMESTAMP(3) TIME INDEX, PRIMARY KEY (host))`, 'other');
  await sql(`INSERT INTO cpu_total VALUES ('z', 7, ${T + 5 * 60_000})`, 'other');
});

afterAll(async () => {
  await store.close();
  rmSync(home, { recursive: true, force: true });
});

const at = (query: string, ms = T + 9 * 60_000, db?: string) =>
  engine.executePromql({ query, startMs: ms, endMs: ms, stepMs: 1000, instant: true, ...(db ? { db } : {}) });

describe('metric engine tables', () => {
  it('keeps the metric engine options and puts logical tables on the physical one', () => {
    expect(store.getTable('public', 'phy')!.options.extra).toEqual({ physical_metric_table: '' });
    expect(store.getTable('public', 'cpu_total')!.options).toMatchObject({ physical_table: 'phy', extra: { on_physical_table: 'phy' } });
  });

  it('rejects a logical table over a missing physical table', async () => {
    await expect(sql("CREATE TABLE x (service_timestamp TIMESTAMP(3) TIME INDEX, service_value DOUBLE) ENGINE = metric WITH ('on_physical_table' = 'nope')"))
      .rejects.toThrow(/physical table 'nope' not found/);
  });
});

describe('selectors over tables', () => {
  it('selects one metric table by name and computes rate', async () => {
    const r = await at('rate(cpu_total[5m])');
    expect(r).toEqual({ resultType: 'vector', result: [{ metric: { host: 'a' }, value: [T + 540_000, 1] }, { metric: { host: 'b' }, value: [T + 540_000, 2] }] });
  });

  it('matches __name__ by regex across tables (logical tables over one physical table), never the physical table', async () => {
    const r = await at('count by (__name__) ({__name__=~".+"})');
    expect(r.resultType === 'vector' && r.result.map((s) => s.metric.__name__)).toEqual(['cpu_total', 'mem_bytes']);
  });

  it('picks the database with __database__ / __schema__ and with the db option', async () => {
    for (const q of ['cpu_total{__database__="other"}', 'cpu_total{__schema__="other"}']) {
      const r = await at(q);
      expect(r.resultType === 'vector' && r.result.map((s) => s.metric)).toEqual([{ __name__: 'cpu_total', host: 'z' }]);
    }
    const r = await at('cpu_total', T + 9 * 60_000, 'other');
    expect(r.resultType === 'vector' && r.result.length).toBe(1);
    await expect(at('cpu_total{__database__=~"o.*"}')).rejects.toThrow(/only supports the = matcher/);
  });

  it('lists label names, values (databases for __database__) and series', async () => {
    const req = { match: [], startMs: T, endMs: T + 3_600_000 };
    expect(await engine.promqlLabelNames(req)).toEqual(['__name__', 'host']);
    expect(await engine.promqlLabelValues('host', { ...req, match: ['mem_bytes'] })).toEqual(['a', 'b']);
    expect(await engine.promqlLabelValues('__database__', req)).toEqual(['other', 'public']);
    expect(await engine.promqlSeries({ ...req, match: ['{__name__=~"cpu.*", host="b"}'] })).toEqual([{ __name__: 'cpu_total', host: 'b' }]);
  });
});

describe('typed series reads', () => {
  it('reads selectors through Store.readSeries where the store has it, with the answers a scan gives', async () => {
    const calls: string[] = [];
    const scans: string[] = [];
    const wrap = (hide: boolean) =>
      new Proxy(store, {
        get(target, prop) {
          if (prop === 'readSeries') {
            if (hide) return undefined;
            return (req: { table: string; field: string; predicates?: readonly { column: string }[] }) => {
              calls.push(`${req.table}.${req.field}:${(req.predicates ?? []).map((p) => p.column).join(',')}`);
              return target.readSeries(req as Parameters<typeof target.readSeries>[0]);
            };
          }
          if (prop === 'scan') return (req: { table: string }) => (scans.push(req.table), target.scan(req as Parameters<typeof target.scan>[0]));
          const v = Reflect.get(target, prop) as unknown;
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      });
    const typedEngine = createQueryEngine(wrap(false));
    const scanEngine = createQueryEngine(wrap(true));
    const range = { startMs: T, endMs: T + 9 * 60_000, stepMs: 60_000, instant: false };
    for (const query of ['sum by (host) (rate(cpu_total[3m]))', 'cpu_total{host=~"a|c"} * 2', '{__name__=~"cpu_total|mem_bytes", host!="a"}', 'avg_over_time(cpu_total{__field__="service_value"}[2m])']) {
      calls.length = 0;
      scans.length = 0;
      const typed = await typedEngine.executePromql({ query, ...range });
      expect(calls.length).toBeGreaterThan(0);
      expect(scans).toEqual([]);
      expect(typed).toEqual(await scanEngine.executePromql({ query, ...range }));
    }
    calls.length = 0;
    await typedEngine.executePromql({ query: 'cpu_total{host=~"a|c"}', ...range });
    expect(calls).toEqual(['cpu_total.service_value:host']);
  });
});

describe('limits and cancellation', () => {
  it('fails a query that would hold more samples than the limit', async () => {
    await expect(engine.executePromql({ query: 'cpu_total', startMs: T, endMs: T + 3_600_000, stepMs: 1000, instant: false }))
      .rejects.toMatchObject({ name: 'PromqlLimitError', errorType: 'execution' });
  });

  it('rejects more than 11,000 points per series', async () => {
    await expect(engine.executePromql({ query: '1', startMs: 0, endMs: 11_001_000, stepMs: 1000, instant: false }))
      .rejects.toThrow('exceeded maximum resolution of 11,000 points per timeseries');
  });

  it('stops when the signal is aborted', async () => {
    const ac = new AbortController();
    ac.abort(new Error('client went away'));
    await expect(engine.executePromql({ query: 'sum(rate(cpu_total[5m]))', startMs: T, endMs: T + 600_000, stepMs: 60_000, instant: false, signal: ac.signal }))
      .rejects.toMatchObject({ name: 'PromqlCanceledError', errorType: 'canceled' });
  });
});

describe('TQL inside SQL', () => {
  it('TQL EVAL returns records: label columns, time, value', async () => {
    const [out] = await sql(`TQL EVAL (${T / 1000 + 300}, ${T / 1000 + 360}, '1m') sum by (host) (cpu_total)`);
    expect(out).toEqual({
      kind: 'records',
      columns: [
        { name: 'host', type: 'string', dataType: 'String' },
        { name: 'service_timestamp', type: 'timestamp_ms', dataType: 'TimestampMillisecond' },
        { name: 'service_value', type: 'float64', dataType: 'Float64' },
      ],
      rows: [['a', BigInt(T + 300_000), 300], ['a', BigInt(T + 360_000), 360], ['b', BigInt(T + 300_000), 600], ['b', BigInt(T + 360_000), 720]],
    });
  });

  it('TQL ANALYZE runs the query and shows the tree with what it read and returned', async () => {
    const [out] = await sql(`TQL ANALYZE (${T / 1000 + 300}, ${T / 1000 + 360}, '1m') sum by (host) (cpu_total)`);
    if (out?.kind !== 'records') throw new Error('expected records');
    expect(out.columns.map((c) => c.name)).toEqual(['stage', 'node', 'plan']);
    expect(out.rows).toHaveLength(2);
    const plan = String(out.rows[0]![2]);
    expect(plan).toMatch(/^PromQL: range=\[\d+\.\.\d+\], interval=\[60000\] metrics=\[elapsed_ms: [\d.]+, output_series: 2, output_rows: 4\]/);
    expect(plan).toMatch(/StoreScan: table=public\.cpu_total metrics=\[scans: 1, rows_read: \d+\]/);
    expect(plan).toContain('Aggregate: sum by (host)\n    VectorSelector: cpu_total');
    expect(out.rows[1]).toEqual([null, null, 'Total rows: 4']);
  });

  it('TQL EXPLAIN shows the expression tree; bad TQL is a syntax error', async () => {
    const [out] = await sql("TQL EXPLAIN (0, 10, '5s') sum by (host) (rate(cpu_total[5m]))");
    expect(out!.kind === 'records' && out.rows[0]![1]).toBe('Aggregate: sum by (host)\n  Function: rate\n    MatrixSelector: cpu_total[5m]');
    await expect(sql('TQL EVAL (0, 10) up')).rejects.toThrow(/expected \(start, end, step\[, lookback\]\)/);
    await expect(sql("TQL EVAL (0, 10, '5s') sum(")).rejects.toThrow(/parse error/);
  });
});

describe('parser, printer and AST JSON', () => {
  it.each([
    ['sum(rate(x[5m]))by(job)', 'sum by (job) (rate(x[5m]))'],
    ['a+on(x)group_left(y)b', 'a + on (x) group_left (y) b'],
    ['x offset -5m', 'x offset -5m'],
    ['x @ 100', 'x @ 100.000'],
    ['rate(x[1h30m:1m] offset 1d)', 'rate(x[1h30m:1m] offset 1d)'],
    ['1e6 + 0.0001 + 0.00001', '1e+06 + 0.0001 + 1e-05'],
    ['-x @ 100', '-x @ 100.000'],
    ['{__name__=~"a.*", job="x"}', '{__name__=~"a.*",job="x"}'],
  ])('%s prints as %s', (q, want) => {
    expect(formatPromql(parsePromql(q).expr)).toBe(want);
  });

  it('splits long expressions as Prometheus formats them', () => {
    const q = 'sum by (job, instance) (rate(http_requests_total{job="apiserver", handler="/api/comments"}[5m])) / sum by (job, instance) (rate(http_requests_total[5m]))';
    expect(prettyPromql(parsePromql(q).expr)).toBe(
      '  sum by (job, instance) (rate(http_requests_total{handler="/api/comments",job="apiserver"}[5m]))\n/\n  sum by (job, instance) (rate(http_requests_total[5m]))',
    );
  });

  it('reports syntax and type errors with positions', () => {
    expect(() => parsePromql('sum(rate(x[5m])')).toThrow('parse error: unclosed left parenthesis');
    expect(() => parsePromql('rate(x)')).toThrow('expected type range vector in call to function "rate", got instant vector');
    expect(() => parsePromql('{job=~".*"}')).toThrow('vector selector must contain at least one non-empty matcher');
    expect(() => parsePromql('1 > 2')).toThrow('comparisons between scalars must use BOOL modifier');
  });

  it('translates to the parse_query JSON tree', () => {
    expect(translatePromqlAst(parsePromql('sum by (job) (x)').expr)).toEqual({
      type: 'aggregation', op: 'sum', grouping: ['job'], without: false, param: null,
      expr: { type: 'vectorSelector', name: 'x', offset: 0, matchers: [{ type: '=', name: '__name__', value: 'x' }], timestamp: null, startOrEnd: null },
    });
  });
});
