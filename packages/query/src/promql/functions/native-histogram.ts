import type { VectorValue } from '../eval/values.js';
import { defineFunction, type PromqlFunction } from './function.js';

/**
 * Prometheus 2.42's functions over native histogram samples. Sluice stores float samples only (a remote
 * write's native histograms are not kept), and these functions skip float samples as Prometheus's do
 * (`if sample.H == nil { continue }`), so over Sluice's data they return an empty vector — what
 * Prometheus answers for the same float-only series. They are accepted rather than refused so that
 * dashboards written for Prometheus 2.40+ parse and run.
 */
const onlyHistograms = (name: string, args: PromqlFunction['args']): PromqlFunction =>
  defineFunction({
    name, args, variadic: 0, returns: 'vector',
    impl: { kind: 'custom', eval: (): VectorValue => ({ type: 'vector', series: [] }) },
  });

export const histogram_count = onlyHistograms('histogram_count', ['vector']);
export const histogram_sum = onlyHistograms('histogram_sum', ['vector']);
export const histogram_fraction = onlyHistograms('histogram_fraction', ['scalar', 'scalar', 'vector']);
