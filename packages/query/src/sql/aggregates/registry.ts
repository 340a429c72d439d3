import type { AggregateFunction } from './aggregate.js';
import { BASIC_AGGREGATES } from './basic.js';
import { COLLECT_AGGREGATES } from './collect.js';
import { STATISTICS_AGGREGATES } from './statistics.js';
import { BITWISE_AGGREGATES } from './bitwise.js';
import { REGRESSION_AGGREGATES } from './regression.js';
import { VECTOR_AGGREGATES } from './vector.js';
import { SKETCH_AGGREGATES } from './sketch.js';

/** Every aggregate function by lowercase name. */
export const AGGREGATE_FUNCTIONS: ReadonlyMap<string, AggregateFunction> = new Map(
  [...BASIC_AGGREGATES, ...STATISTICS_AGGREGATES, ...COLLECT_AGGREGATES, ...BITWISE_AGGREGATES, ...REGRESSION_AGGREGATES, ...VECTOR_AGGREGATES, ...SKETCH_AGGREGATES].map((f) => [f.name, f]),
);

export function isAggregateName(name: string): boolean {
  return AGGREGATE_FUNCTIONS.has(name);
}
