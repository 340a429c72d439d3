import { VrlRuntimeError } from './diagnostics.js';
import { DEFAULT_MAX_STEPS, VrlBudgetError, type StepCounter } from './limits.js';
import { ReturnSignal, VrlFailure } from './signals.js';
import type { VrlCallContext } from './stdlib/function.js';
import type { VrlValue } from './value.js';

/** The mutable state of one program run: the event, the local variable slots, the call context. */
export interface Frame extends StepCounter {
  event: VrlValue;
  readonly vars: VrlValue[];
  readonly ctx: VrlCallContext;
}

/** A compiled expression: a closure over its compiled children, run once per event. */
export type Run = (f: Frame) => VrlValue;

const NO_VARS: VrlValue[] = [];

/** Runs a compiled program over one event; failures become VrlRuntimeError. */
export function runProgram(body: Run, slots: number, event: VrlValue, ctx: VrlCallContext): { result: VrlValue; event: VrlValue } {
  const f: Frame = { event, vars: slots === 0 ? NO_VARS : new Array<VrlValue>(slots).fill(null), ctx, steps: 0, maxSteps: ctx.maxSteps ?? DEFAULT_MAX_STEPS, deadline: ctx.deadline };
  let result: VrlValue;
  try {
    result = body(f);
  } catch (e) {
    if (e instanceof ReturnSignal) result = e.value;
    else if (e instanceof VrlRuntimeError || e instanceof VrlBudgetError) throw e;
    else if (e instanceof VrlFailure) throw new VrlRuntimeError(e.message, false);
    else if (e instanceof RangeError) throw new VrlRuntimeError(`the program ran out of memory or stack: ${e.message}`, false, { cause: e });
    else throw new VrlRuntimeError(`internal error: ${e instanceof Error ? e.message : String(e)}`, false, { cause: e });
  }
  return { result, event: f.event };
}
