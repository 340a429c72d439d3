import { SluiceError, StatusCode } from '../errors/index.js';

/** The longest string (characters) or array (items) a VRL operator or function may build by default. */
export const DEFAULT_MAX_VALUE_SIZE = 16 * 1024 * 1024;

/** The VRL work one record may do by default (`[ingest] vrl_max_steps`): function calls, closure iterations, operators on big values. */
export const DEFAULT_MAX_STEPS = 10_000_000;

/** How often (in steps) a running program looks at the clock for its deadline. */
const DEADLINE_EVERY = 1024;

/**
 * A budget of a VRL run was exceeded (value size, work, deadline). Not catchable with `??` or
 * `value, err = ...`: it is a bound on the request, not a data error of the program.
 */
export class VrlBudgetError extends SluiceError {
  override name = 'VrlBudgetError';
}

/**
 * A VRL expression built a value over the pipeline's `maxValueSize` (`"a" * 100000000`,
 * `split(s, "")` of a huge string).
 */
export class VrlLimitError extends VrlBudgetError {
  override name = 'VrlLimitError';
  constructor(what: string, size: number, max: number) {
    super(
      StatusCode.RuntimeResourcesExhausted,
      `${what} would build a value of ${size.toLocaleString('en-US')} characters or items, over the ${max.toLocaleString('en-US')} limit ([ingest] max_value_size)`,
    );
  }
}

/** A record's program did more work than `maxSteps` (nested `for_each` over big arrays, ...). */
export class VrlStepLimitError extends VrlBudgetError {
  override name = 'VrlStepLimitError';
  constructor(max: number) {
    super(
      StatusCode.RuntimeResourcesExhausted,
      `the VRL program did more than ${max.toLocaleString('en-US')} steps (function calls, closure iterations and work on big values) for one record ([ingest] vrl_max_steps)`,
    );
  }
}

/** The request's deadline passed while the program ran. */
export class VrlDeadlineError extends VrlBudgetError {
  override name = 'VrlDeadlineError';
  constructor() {
    super(StatusCode.DeadlineExceeded, 'the VRL program was stopped at the request deadline');
  }
}

/** What a run counts against: steps taken so far, the most allowed, the deadline (ms since the epoch). */
export interface StepCounter {
  steps: number;
  readonly maxSteps: number;
  readonly deadline: number | undefined;
}

/**
 * Takes `n` steps (1 for a call or a closure iteration; more for work proportional to a big value):
 * throws VrlStepLimitError past the budget, and VrlDeadlineError once the deadline passed (the clock
 * is read every DEADLINE_EVERY steps).
 */
export function takeSteps(c: StepCounter, n: number): void {
  const before = c.steps;
  c.steps = before + n;
  if (c.steps > c.maxSteps) throw new VrlStepLimitError(c.maxSteps);
  if (c.deadline !== undefined && Math.floor(before / DEADLINE_EVERY) !== Math.floor(c.steps / DEADLINE_EVERY) && Date.now() > c.deadline) {
    throw new VrlDeadlineError();
  }
}

/** Throws when `size` is over `max` (default DEFAULT_MAX_VALUE_SIZE). */
export function checkValueSize(what: string, size: number, max: number | undefined): void {
  const limit = max ?? DEFAULT_MAX_VALUE_SIZE;
  if (size > limit) throw new VrlLimitError(what, size, limit);
}
