import { attributesToMap, anyToLabel } from './any-value.js';
import { i64, u64, type KeyValue, type MetricsRequest, type U64 } from './otlp-types.js';
import { promLabelName, promMetricName, type TranslationStrategy } from './prom-names.js';
import type { MetricSeriesRows } from '../../write/metric-tables.js';
import { STALE_NAN } from '../../read/stale-nan.js';

/**
 * Resource attributes promoted to labels by default: the list Prometheus's OTLP guide recommends, less
 * the identifying `service.name`, `service.namespace` and `service.instance.id`, which become `job` and
 * `instance` (Prometheus keeps them only with `keep_identifying_resource_attributes`; name them in the
 * promote header to keep them here).
 */
export const DEFAULT_PROMOTED_RESOURCE_ATTRS: readonly string[] = [
  'service.version', 'cloud.availability_zone', 'cloud.region',
  'container.name', 'deployment.environment', 'deployment.environment.name', 'k8s.cluster.name', 'k8s.container.name',
  'k8s.cronjob.name', 'k8s.daemonset.name', 'k8s.deployment.name', 'k8s.job.name', 'k8s.namespace.name', 'k8s.pod.name',
  'k8s.replicaset.name', 'k8s.statefulset.name',
];

export interface OtlpMetricOptions {
  readonly strategy: TranslationStrategy;
  /** `all` promotes every resource attribute except `ignore`; otherwise the listed ones. */
  readonly promoteResource: { readonly all: true; readonly ignore: ReadonlySet<string> } | { readonly all: false; readonly names: ReadonlySet<string> };
  /** Adds `otel_scope_name`, `otel_scope_version` and `otel_scope_<attr>` labels. */
  readonly promoteScope: boolean;
}

export interface OtlpMetricRows {
  readonly series: MetricSeriesRows[];
  readonly rejected: number;
  readonly errors: string[];
}

/** NO_RECORDED_VALUE: the point marks a series gone; written as Prometheus's staleness marker. */
const FLAG_NO_RECORDED_VALUE = 1;

function nsToMs(v: U64): number {
  return Number(u64(v) / 1_000_000n);
}

/**
 * OTLP metrics as Prometheus series, as Prometheus's OTLP receiver translates them: gauges and
 * sums one series per point (`_total` for monotonic sums), histograms `_bucket{le}` (cumulative,
 * `+Inf` last), `_sum` and `_count`, summaries `{quantile}`, `_sum`, `_count`. Labels: point
 * attributes, `job`/`instance` from `service.namespace`/`service.name`/`service.instance.id`, the
 * promoted resource attributes and, when asked, the scope. Exponential histograms are rejected
 * (counted in partial success).
 */
export function metricsToSeries(req: MetricsRequest, opts: OtlpMetricOptions): OtlpMetricRows {
  const series: MetricSeriesRows[] = [];
  const errors: string[] = [];
  let rejected = 0;
  const labelName = (n: string) => promLabelName(n, opts.strategy);
  for (const rm of req.resourceMetrics ?? []) {
    const resAttrs = rm.resource?.attributes ?? [];
    const res = attributesToMap(resAttrs);
    const base = new Map<string, string>();
    const promote = (kv: KeyValue) => {
      if (kv.key === undefined) return;
      const keep = opts.promoteResource.all ? !opts.promoteResource.ignore.has(kv.key) : opts.promoteResource.names.has(kv.key);
      if (keep) base.set(labelName(kv.key), anyToLabel(kv.value));
    };
    resAttrs.forEach(promote);
    const svc = res['service.name'];
    const ns = res['service.namespace'];
    if (typeof svc === 'string') base.set('job', typeof ns === 'string' && ns !== '' ? `${ns}/${svc}` : svc);
    const inst = res['service.instance.id'];
    if (inst !== undefined && inst !== null) base.set('instance', String(inst));
    for (const sm of rm.scopeMetrics ?? []) {
      const scoped = new Map(base);
      if (opts.promoteScope && sm.scope) {
        if (sm.scope.name) scoped.set('otel_scope_name', sm.scope.name);
        if (sm.scope.version) scoped.set('otel_scope_version', sm.scope.version);
        for (const kv of sm.scope.attributes ?? []) if (kv.key !== undefined) scoped.set(labelName(`otel_scope_${kv.key}`), anyToLabel(kv.value));
      }
      const push = (table: string, attrs: readonly KeyValue[] | undefined, extra: readonly [string, string][], value: number, ts: U64) => {
        const labels = new Map(scoped);
        for (const kv of attrs ?? []) if (kv.key !== undefined) labels.set(labelName(kv.key), anyToLabel(kv.value));
        for (const [k, v] of extra) labels.set(k, v);
        const list = [...labels].filter(([, v]) => v !== '').sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
        series.push({ table, labels: list, values: [value], timestamps: [nsToMs(ts)] });
      };
      for (const m of sm.metrics ?? []) {
        const name = m.name ?? '';
        if (m.gauge || m.sum) {
          const counter = m.sum != null && m.sum.isMonotonic === true;
          const table = promMetricName(name, m.unit, m.gauge ? 'gauge' : counter ? 'counter' : 'sum', opts.strategy);
          for (const p of (m.gauge ?? m.sum)!.dataPoints ?? []) {
            const stale = ((p.flags ?? 0) & FLAG_NO_RECORDED_VALUE) !== 0;
            const v = stale ? STALE_NAN : p.asDouble !== undefined && p.asDouble !== null && p.value !== 'asInt' ? p.asDouble : Number(i64(p.asInt));
            push(table, p.attributes, [], v, p.timeUnixNano);
          }
        } else if (m.histogram) {
          const base = promMetricName(name, m.unit, 'histogram', opts.strategy);
          for (const p of m.histogram.dataPoints ?? []) {
            const stale = ((p.flags ?? 0) & FLAG_NO_RECORDED_VALUE) !== 0;
            const bounds = p.explicitBounds ?? [];
            const counts = (p.bucketCounts ?? []).map((c) => Number(u64(c)));
            let cumulative = 0;
            for (let i = 0; i <= bounds.length; i++) {
              cumulative += counts[i] ?? 0;
              const le = i < bounds.length ? formatLe(bounds[i]!) : '+Inf';
              push(`${base}_bucket`, p.attributes, [['le', le]], stale ? STALE_NAN : i < bounds.length ? cumulative : Number(u64(p.count)), p.timeUnixNano);
            }
            if (p.sum !== undefined && p.sum !== null) push(`${base}_sum`, p.attributes, [], stale ? STALE_NAN : p.sum, p.timeUnixNano);
            push(`${base}_count`, p.attributes, [], stale ? STALE_NAN : Number(u64(p.count)), p.timeUnixNano);
          }
        } else if (m.summary) {
          const base = promMetricName(name, m.unit, 'summary', opts.strategy);
          for (const p of m.summary.dataPoints ?? []) {
            const stale = ((p.flags ?? 0) & FLAG_NO_RECORDED_VALUE) !== 0;
            for (const q of p.quantileValues ?? []) push(base, p.attributes, [['quantile', formatLe(q.quantile ?? 0)]], stale ? STALE_NAN : q.value ?? 0, p.timeUnixNano);
            push(`${base}_sum`, p.attributes, [], stale ? STALE_NAN : p.sum ?? 0, p.timeUnixNano);
            push(`${base}_count`, p.attributes, [], stale ? STALE_NAN : Number(u64(p.count)), p.timeUnixNano);
          }
        } else if (m.exponentialHistogram) {
          const n = m.exponentialHistogram.dataPoints?.length ?? 0;
          rejected += n;
          errors.push(`metric '${name}': exponential histograms are not supported (${n} data points rejected)`);
        } else {
          errors.push(`metric '${name}': no data`);
        }
      }
    }
  }
  return { series, rejected, errors };
}

/** Bucket bounds and quantiles as Prometheus prints them (`0.5`, `1`, `+Inf`). */
function formatLe(v: number): string {
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  return String(v);
}
