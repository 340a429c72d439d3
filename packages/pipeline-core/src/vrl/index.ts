import { Compiler } from './compile.js';
import { runProgram } from './runtime.js';
import type { VrlCallContext } from './stdlib/function.js';
import { parseVrl } from './to-ast.js';
import type { VrlValue } from './value.js';

export { VrlSyntaxError, VrlCompileError, VrlRuntimeError } from './diagnostics.js';
export type { VrlCallContext } from './stdlib/function.js';
export type { VrlValue } from './value.js';

/** A compiled VRL program: compile once, run per event. */
export interface VrlProgram {
  readonly source: string;
  /**
   * Runs the program over `event` (which it may mutate). `result` is the value of the last
   * expression (or of `return`); `event` is `.` afterwards. Throws VrlRuntimeError on `abort` or
   * a failed `f!(...)` call.
   */
  run(event: VrlValue, ctx: VrlCallContext): { result: VrlValue; event: VrlValue };
}

/** Parses and compiles a program. Throws VrlSyntaxError or VrlCompileError (code, line, column, snippet). */
export function compileVrl(source: string): VrlProgram {
  const ast = parseVrl(source);
  const compiler = new Compiler(source);
  const body = compiler.program(ast).run;
  const slots = compiler.slotCount;
  return { source, run: (event, ctx) => runProgram(body, slots, event, ctx) };
}
