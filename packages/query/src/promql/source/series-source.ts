import type { LabelMatcher } from '../ast.js';
import type { Labels } from '../labels.js';
import type { RawSeries } from '../eval/values.js';

/** Where the engine reads series: one implementation over the Store (store-source.ts). Times in ms, both inclusive. */
export interface SeriesSource {
  /** Series matching all matchers with their samples in [startMs, endMs]. */
  select(matchers: readonly LabelMatcher[], startMs: number, endMs: number, signal?: AbortSignal): Promise<RawSeries[]>;
  /** Label sets of the series matching any of the matcher sets (only series with a sample in the range). */
  series(matcherSets: readonly (readonly LabelMatcher[])[], startMs: number, endMs: number, signal?: AbortSignal): Promise<Labels[]>;
  /** Label names; with matcher sets, only those of matching series. */
  labelNames(matcherSets: readonly (readonly LabelMatcher[])[], startMs: number, endMs: number, signal?: AbortSignal): Promise<string[]>;
  /** Values of one label; with matcher sets, only those of matching series. */
  labelValues(name: string, matcherSets: readonly (readonly LabelMatcher[])[], startMs: number, endMs: number, signal?: AbortSignal): Promise<string[]>;
}
