import type { Store } from '@sluice/storage';
import type { Cte } from '../ast/query.js';
import type { EvalContext } from '../expr/relation.js';

/** A CTE as defined: its query and the CTEs its body sees (those defined before it, never itself). */
export interface CteDef {
  readonly cte: Cte;
  readonly visible: ReadonlyMap<string, CteDef>;
}

/** What planning a query needs: the store, the current database, the statement context and visible CTEs. */
export interface QueryEnv {
  readonly store: Store;
  readonly db: string;
  readonly ctx: EvalContext;
  readonly ctes: ReadonlyMap<string, CteDef>;
  /** EXPLAIN collects one line per operator here, innermost first. */
  readonly explain?: string[];
}

export function note(env: QueryEnv, line: string): void {
  env.explain?.push(line);
}
