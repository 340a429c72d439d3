import { SluiceError, StatusCode, type Value } from '@sluice/pipeline-core';
import type { Predicate, Store, TableInfo } from '@sluice/storage';
import { METRIC_NAME_LABEL } from '../protocols/remote-write.js';
import type { ReadQuery, ResultSeries } from '../protocols/remote-read.js';
import { METRIC_TIME_COLUMN, METRIC_VALUE_COLUMN } from '../write/metric-tables.js';
import { restoreStaleNaN } from './stale-nan.js';
import { compileMatchers, type CompiledMatcher } from './label-matchers.js';

/** A metric table: `service_value` (Float64) and the `service_timestamp` time index. */
export function isMetricTable(t: TableInfo): boolean {
  return t.timeIndex === METRIC_TIME_COLUMN && t.columns.some((c) => c.name === METRIC_VALUE_COLUMN && (c.type === 'float64' || c.type === 'float32'));
}

export interface SelectLimits {
  /** Most samples one request may return across its queries (400 beyond). */
  readonly maxSamples: number;
}

/** The tables a query can touch: an `__name__="x"` matcher names one; other `__name__` matchers filter every metric table. */
function candidateTables(store: Store, db: string, nameMatchers: readonly CompiledMatcher[]): TableInfo[] {
  const eq = nameMatchers.find((m) => m.matcher.type === 'EQ');
  const tables = eq !== undefined ? [store.getTable(db, eq.matcher.value)].filter((t): t is TableInfo => t !== undefined) : store.listTables(db);
  return tables.filter((t) => isMetricTable(t) && nameMatchers.every((m) => m.test(t.name)));
}

/**
 * Runs one remote-read query over the metric tables of `db`: label matchers with Prometheus
 * semantics (an absent label equals ''), EQ matchers pushed down to the store as predicates, the
 * rest applied per series; samples within [startMs, endMs], oldest first, series sorted by labels.
 */
export async function selectSeries(store: Store, db: string, q: ReadQuery, limits: SelectLimits, used = { samples: 0 }): Promise<ResultSeries[]> {
  const compiled = compileMatchers(q.matchers);
  const nameMatchers = compiled.filter((m) => m.name === METRIC_NAME_LABEL);
  const labelMatchers = compiled.filter((m) => m.name !== METRIC_NAME_LABEL);
  const out: ResultSeries[] = [];
  for (const table of candidateTables(store, db, nameMatchers)) {
    const tags = table.primaryKey.filter((c) => c !== METRIC_TIME_COLUMN && c !== METRIC_VALUE_COLUMN);
    const tagSet = new Set(tags);
    const predicates: Predicate[] = [];
    const residual: CompiledMatcher[] = [];
    let impossible = false;
    for (const m of labelMatchers) {
      if (!tagSet.has(m.name)) {
        // The label is absent from every series of this table: the matcher sees ''.
        if (!m.test('')) impossible = true;
      } else if (m.matcher.type === 'EQ' && m.matcher.value !== '') {
        predicates.push({ column: m.name, op: '=', value: m.matcher.value });
      } else {
        residual.push(m);
      }
    }
    if (impossible) continue;
    const series = new Map<string, { labels: [string, string][]; samples: { value: number; timestampMs: number }[] }>();
    const scan = store.scan({
      db,
      table: table.name,
      columns: [...tags, METRIC_VALUE_COLUMN, METRIC_TIME_COLUMN],
      timeRange: { startNs: BigInt(Math.trunc(q.startMs)) * 1_000_000n, endNs: (BigInt(Math.trunc(q.endMs)) + 1n) * 1_000_000n },
      predicates,
    });
    for await (const batch of scan) {
      const cols = batch.columns;
      const values = cols[tags.length]!.values;
      const times = cols[tags.length + 1]!.values;
      for (let r = 0; r < batch.length; r++) {
        let key = '';
        for (let t = 0; t < tags.length; t++) key += `${cols[t]!.values[r] ?? ''}\u0000`;
        let s = series.get(key);
        if (s === undefined) {
          const labels: [string, string][] = [[METRIC_NAME_LABEL, table.name]];
          for (let t = 0; t < tags.length; t++) {
            const v = cols[t]!.values[r] as Value;
            if (v !== null && v !== '') labels.push([tags[t]!, String(v)]);
          }
          const get = (name: string) => labels.find((l) => l[0] === name)?.[1] ?? '';
          if (!residual.every((m) => m.test(get(name(m))))) {
            series.set(key, { labels: [], samples: [] });
            continue;
          }
          labels.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
          s = { labels, samples: [] };
          series.set(key, s);
        }
        if (s.labels.length === 0) continue;
        if (++used.samples > limits.maxSamples) {
          throw new SluiceError(StatusCode.InvalidArguments, `remote read: the query selects more than ${limits.maxSamples} samples; narrow the time range or the matchers`);
        }
        s.samples.push({ value: restoreStaleNaN(values[r] as number), timestampMs: Number(times[r] as bigint) });
      }
    }
    for (const s of series.values()) {
      if (s.labels.length === 0) continue;
      s.samples.sort((a, b) => a.timestampMs - b.timestampMs);
      out.push(s);
    }
  }
  out.sort((a, b) => compareLabels(a.labels, b.labels));
  return out;
}

function name(m: CompiledMatcher): string {
  return m.name;
}

function compareLabels(a: readonly (readonly [string, string])[], b: readonly (readonly [string, string])[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [an, av] = a[i]!;
    const [bn, bv] = b[i]!;
    if (an !== bn) return an < bn ? -1 : 1;
    if (av !== bv) return av < bv ? -1 : 1;
  }
  return a.length - b.length;
}
