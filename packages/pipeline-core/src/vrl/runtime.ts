import { VrlRuntimeError } from './diagnostics.js';
import { VrlLimitError } from './limits.js';
import { ReturnSignal, VrlFailure } from './signals.js';
import type { VrlCallContext } from './stdlib/function.js';
import type { VrlValue } from './value.js';

/** The mutable state of one program run: the event, the local variable slots, the call context. */
export interface Frame {
  event: VrlValue;
  readonly vars: VrlValue[];
  readonly ctx: VrlCallContext;
}

/** A compiled expression: a closure over its compiled children, run once per event. */
export type Run = (f: Frame) => VrlValue;

const NO_VARS: VrlValue[] = [];

/** Runs a compiled program over one event; failures become VrlRuntimeError. */
export function runProgram(body: Run, slots: number, event: VrlValue, ctx: VrlCallContext): { result: VrlValue; event: VrlValue } {
  const f: Frame = { event, vars: slots === 0 ? NO_VARS : new Array<VrlValue>(slots).fill(null), ctx };
  let result: VrlValue;
  try {
    result = body(f);
  } catch (e) {
    if (e instanceof ReturnSignal) result = e.value;
    else if (e instanceof VrlRuntimeError || e instanceof VrlLimitError) throw e;
    else if (e instanceof VrlFailure) throw new VrlRuntimeError(e.message, false);
    else throw new VrlRuntimeError(`internal error: ${e instanceof Error ? e.message : String(e)}`, false, { cause: e });
  }
  return { result, event: f.event };
}
