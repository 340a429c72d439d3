import type { Catalog } from './catalog/catalog.js';
import type { StoreEnv } from './env.js';
import type { SeriesIndex } from './series/series-index.js';

/** What the table operations share: the environment, the catalog, the series dictionary and the clock. */
export interface StoreContext {
  readonly env: StoreEnv;
  readonly catalog: Catalog;
  readonly series: SeriesIndex;
  /** Milliseconds since the epoch (injectable for TTL tests). */
  readonly now: () => number;
  /** Whether a write may create a missing table when its request does not say (`auto_create_table`). */
  readonly autoCreateTable: boolean;
}
