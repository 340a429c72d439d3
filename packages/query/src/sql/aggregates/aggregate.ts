import { SqlPlanError } from '../errors.js';
import type { SqlType, SqlValue } from '../types/sql-value.js';

/** Per-group state of one aggregate call. */
export interface Accumulator {
  add(v: SqlValue): void;
  result(): SqlValue;
}

/**
 * All groups' state of one aggregate call in flat arrays, updated a batch at a time (the fast path for
 * the common aggregates; the others go through per-group Accumulators).
 */
export interface GroupedAccumulator {
  /** Adds `vec[i]` (or one row each, for count(*), when `vec` is undefined) to group `gids[i]` (0 when undefined). */
  update(gids: Int32Array | undefined, vec: readonly SqlValue[] | undefined, n: number): void;
  /** The result of each group, `0 .. groups-1`. */
  results(groups: number): SqlValue[];
}

export interface BoundAggregate {
  readonly type: SqlType;
  create(): Accumulator;
  /** Optional vectorised form; must give the same results as `create()`. */
  grouped?(): GroupedAccumulator;
}

/** Runs per-group Accumulators as a GroupedAccumulator. */
export function perGroup(create: () => Accumulator): GroupedAccumulator {
  const accs: Accumulator[] = [];
  const at = (g: number): Accumulator => accs[g] ?? (accs[g] = create());
  return {
    update(gids, vec, n) {
      if (gids === undefined) {
        const acc = at(0);
        if (vec === undefined) for (let i = 0; i < n; i++) acc.add(1);
        else for (let i = 0; i < n; i++) acc.add(vec[i]!);
        return;
      }
      if (vec === undefined) for (let i = 0; i < n; i++) at(gids[i]!).add(1);
      else for (let i = 0; i < n; i++) at(gids[i]!).add(vec[i]!);
    },
    results: (groups) => Array.from({ length: groups }, (_, g) => at(g).result()),
  };
}

/** An aggregate function: `bind` checks argument types (and constant extra arguments) once per query. */
export interface AggregateFunction {
  readonly name: string;
  readonly signature: string;
  readonly minArgs: number;
  readonly maxArgs: number;
  /** Takes two columns: `add` receives `[first, second]` as numbers (or null when either is NULL). */
  readonly pairwise?: true;
  /** The aggregated value is the last argument, after the constant ones (`uddsketch_state(128, 0.01, x)`). */
  readonly valueArg?: 'last';
  bind(argType: SqlType, extra: readonly SqlValue[]): BoundAggregate;
}

/** An aggregate's arguments do not fit it (3000, as DataFusion refuses a signature when it plans). */
export function aggError(fn: string, message: string): SqlPlanError {
  return new SqlPlanError(`${fn}: ${message}`);
}
