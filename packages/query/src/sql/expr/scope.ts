import type { ColumnExpr } from '../ast/expr.js';
import { ColumnNotFoundError, SqlPlanError } from '../errors.js';
import type { EvalContext, Field } from './relation.js';

/** What an expression can see: the input fields, and after aggregation the group keys and aggregates by text. */
export interface Scope {
  readonly fields: readonly Field[];
  readonly ctx: EvalContext;
  /** Post-aggregation: expression text → field index (group keys, aggregate calls). */
  readonly substitutions?: ReadonlyMap<string, number>;
  /** Post-aggregation: bare columns must be group keys. */
  readonly grouped?: boolean;
  /** Fields to list in a column-not-found message when `fields` is a pruned subset of them. */
  readonly known?: readonly Field[];
}

function describe(f: Field): string {
  return f.qualifier ? `${f.qualifier}.${f.name}` : f.name;
}

/** The index of the field a column reference names; exact name first, then case-insensitively. */
export function resolveColumn(scope: Scope, ref: ColumnExpr): number {
  const text = ref.table ? `${ref.table}.${ref.name}` : ref.name;
  if (scope.grouped) {
    throw new SqlPlanError(`column '${text}' must appear in the GROUP BY clause or be used in an aggregate function`);
  }
  // An unqualified name does not see the second copy of a USING column.
  const matchQualifier = (f: Field) => (ref.table === undefined ? !f.usingCopy : f.qualifier === ref.table);
  let hits = scope.fields.map((f, i) => [f, i] as const).filter(([f]) => f.name === ref.name && matchQualifier(f));
  if (hits.length === 0) {
    const lower = ref.name.toLowerCase();
    hits = scope.fields.map((f, i) => [f, i] as const).filter(([f]) => f.name.toLowerCase() === lower && matchQualifier(f));
  }
  if (hits.length === 1) return hits[0]![1];
  if (hits.length > 1) throw new SqlPlanError(`column reference '${text}' is ambiguous (${hits.map(([f]) => describe(f)).join(', ')})`);
  throw new ColumnNotFoundError(text, (scope.known ?? scope.fields).map(describe));
}
