import type { ConfigMap } from '../config/read.js';
import type { Doc } from '../value/value.js';
import type { Timestamp } from '../value/timestamp.js';

/** Returned by a processor that drops the record (e.g. `filter`). */
export const DROP: unique symbol = Symbol('drop');
export type Drop = typeof DROP;

export interface ExecContext {
  /** The ingest time of the current batch (used for `service_timestamp` and VRL `now()`). */
  readonly now: Timestamp;
  /** The longest string or array VRL may build (default 16 Mi characters or items). */
  readonly maxValueSize?: number;
  /** VRL work one record may do (calls, closure iterations, work on big values). */
  readonly maxSteps?: number;
  /** When the request's time is up (ms since the epoch): the run stops between items and inside VRL. */
  readonly deadline?: number;
}

/** A compiled processor: all config parsing and regex/pattern compilation happened before. */
export interface Processor {
  readonly kind: string;
  /** Mutates or replaces the record; DROP removes it; an array fans out into several records. */
  exec(doc: Doc, ctx: ExecContext): Doc | Doc[] | Drop;
}

/** One processor kind: `parse` reads and validates the YAML (rejecting unknown keys), `compile` builds it once. */
export interface ProcessorDef<C> {
  readonly kind: string;
  parse(cfg: ConfigMap): C;
  compile(config: C): Processor;
}

/** Helper giving `defineProcessor` typed inference of the config type. */
export function defineProcessor<C>(def: ProcessorDef<C>): ProcessorDef<C> {
  return def;
}
