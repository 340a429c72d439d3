import type { Store } from '@sluice/storage';
import type { Query } from '../ast/query.js';
import type { EvalContext } from '../expr/relation.js';

/** What planning a query needs: the store, the current database, the statement context and visible CTEs. */
export interface QueryEnv {
  readonly store: Store;
  readonly db: string;
  readonly ctx: EvalContext;
  readonly ctes: ReadonlyMap<string, Query>;
  /** EXPLAIN collects one line per operator here, innermost first. */
  readonly explain?: string[];
}

export function note(env: QueryEnv, line: string): void {
  env.explain?.push(line);
}
