import type { VrlKind, VrlValue } from '../value.js';
import type { Timestamp } from '../../value/timestamp.js';

/** A declared parameter of a standard-library function (names follow VRL's reference). */
export interface VrlParam {
  readonly name: string;
  /** Kinds accepted; an argument whose static type may be outside them makes the call fallible. */
  readonly kinds: readonly VrlKind[];
  readonly required: boolean;
  /** Must the argument be a literal known at compile time (e.g. a regex pattern)? */
  readonly static?: boolean;
  readonly default?: VrlValue;
}

/** A closure argument (`for_each(.x) -> |key, value| { ... }`). */
export interface VrlClosureSpec {
  /** Allowed parameter counts per input kind, e.g. object: ['key', 'value'], array: ['index', 'value']. */
  readonly params: readonly string[];
}

export type VrlClosure = (...args: VrlValue[]) => VrlValue;

export interface VrlExample {
  readonly title: string;
  readonly source: string;
  /** The program's value; `{ error: '...' }` (a substring of the message) for an expected failure. */
  readonly result: VrlValue | { readonly error: string };
  /** The event `.` starts as (default `{}`). */
  readonly input?: VrlValue;
}

export interface VrlCallContext {
  /** The ingest time of the batch (`now()`). */
  readonly now: Timestamp;
  /** The longest string (characters) or array (items) an operator or function may build. */
  readonly maxValueSize?: number;
  /** VRL work one record may do (`[ingest] vrl_max_steps`; default DEFAULT_MAX_STEPS). */
  readonly maxSteps?: number;
  /** When the request's time is up (ms since the epoch): a run past it stops with DeadlineExceeded. */
  readonly deadline?: number;
}

/** Arguments by parameter name; absent optional ones hold their default (or undefined). */
export type VrlArgs = Readonly<Record<string, VrlValue | undefined>>;

/**
 * One standard-library function. `call` is pure: it throws VrlFunctionError for a runtime failure
 * (which the caller must handle with `!`, `??` or `value, err =`).
 */
export interface VrlFunction {
  readonly name: string;
  readonly summary: string;
  readonly params: readonly VrlParam[];
  readonly returns: readonly VrlKind[];
  /** Can the call fail even with arguments of accepted kinds? */
  readonly fallible: boolean;
  readonly closure?: VrlClosureSpec;
  readonly examples: readonly VrlExample[];
  /**
   * Optional one-time preparation from static (literal) arguments, e.g. compiling a pattern;
   * its result is passed to every call as `compiled`.
   */
  compile?(staticArgs: VrlArgs): unknown;
  call(args: VrlArgs, ctx: VrlCallContext, compiled: unknown, closure?: VrlClosure): VrlValue;
}

/** The error a function throws at run time; the message is VRL's wording where VRL documents one. */
export class VrlFunctionError extends Error {
  override name = 'VrlFunctionError';
}

export function defineVrlFunction(f: VrlFunction): VrlFunction {
  return f;
}
