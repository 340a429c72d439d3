import { PromqlExecutionError } from '../errors.js';
import { labelsKey, type Labels } from '../labels.js';
import { newStepSeries, type StepSeries } from './values.js';

/**
 * Joins series that ended up with the same labels (after dropping the metric name, label_replace, ...).
 * Two of them with a sample at the same step is Prometheus's "same labelset" error.
 */
export function mergeSameLabels(series: readonly StepSeries[], steps: number): StepSeries[] {
  const byKey = new Map<string, StepSeries>();
  let merged = false;
  for (const s of series) {
    const k = labelsKey(s.labels);
    const prev = byKey.get(k);
    if (!prev) {
      byKey.set(k, s);
      continue;
    }
    const into = merged && isOwned(prev) ? prev : copy(prev, steps);
    for (let i = 0; i < steps; i++) {
      if (!s.has[i]) continue;
      if (into.has[i]) throw new PromqlExecutionError('vector cannot contain metrics with the same labelset');
      into.has[i] = 1;
      into.values[i] = s.values[i]!;
    }
    byKey.set(k, into);
    merged = true;
  }
  return merged ? [...byKey.values()] : (series as StepSeries[]);
}

const owned = new WeakSet<StepSeries>();
function isOwned(s: StepSeries): boolean {
  return owned.has(s);
}
function copy(s: StepSeries, steps: number): StepSeries {
  const c = newStepSeries(s.labels, steps);
  c.values.set(s.values);
  c.has.set(s.has);
  owned.add(c);
  return c;
}

export function withLabels(s: StepSeries, labels: Labels): StepSeries {
  return { labels, values: s.values, has: s.has };
}
