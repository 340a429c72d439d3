import { SqlInvalidArgumentError } from '../errors.js';
import type { SqlType, SqlValue } from '../types/sql-value.js';

/** Per-group state of one aggregate call. */
export interface Accumulator {
  add(v: SqlValue): void;
  result(): SqlValue;
}

export interface BoundAggregate {
  readonly type: SqlType;
  create(): Accumulator;
}

/** An aggregate function: `bind` checks argument types (and constant extra arguments) once per query. */
export interface AggregateFunction {
  readonly name: string;
  readonly signature: string;
  readonly minArgs: number;
  readonly maxArgs: number;
  bind(argType: SqlType, extra: readonly SqlValue[]): BoundAggregate;
}

export function aggError(fn: string, message: string): SqlInvalidArgumentError {
  return new SqlInvalidArgumentError(`${fn}: ${message}`);
}
