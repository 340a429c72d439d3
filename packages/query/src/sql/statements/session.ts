import type { Store } from '@sluice/storage';
import type { Statement } from '../ast/statement.js';
import type { EvalContext } from '../expr/relation.js';
import type { QueryEnv } from '../planner/env.js';
import type { StatementOutput } from '../../engine.js';

/** State shared by the statements of one request (`USE` changes `db` for the ones after it). */
export interface Session {
  readonly store: Store;
  db: string;
  /** Replaced by `SET time_zone` for the statements after it. */
  ctx: EvalContext;
}

export type Executor<S extends Statement = Statement> = (stmt: S, session: Session) => Promise<StatementOutput>;

export function queryEnv(s: Session): QueryEnv {
  return { store: s.store, db: s.db, ctx: { ...s.ctx, db: s.db }, ctes: new Map() };
}

export function affected(count: number): StatementOutput {
  return { kind: 'affected_rows', count };
}
