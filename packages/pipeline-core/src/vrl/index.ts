import { Compiler } from './compile.js';
import { VrlSyntaxError } from './diagnostics.js';
import { runProgram, type Run } from './runtime.js';
import type { VrlCallContext, VrlFunction } from './stdlib/function.js';
import { STDLIB } from './stdlib/index.js';
import { parseVrl } from './to-ast.js';
import type { VrlValue } from './value.js';

export { VrlSyntaxError, VrlCompileError, VrlRuntimeError } from './diagnostics.js';
export { VrlFunctionError, type VrlCallContext, type VrlFunction } from './stdlib/function.js';
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
  /**
   * Where the result certainly holds a regex, as a path such as `."re"` (`''` for the result itself),
   * known at compile time; undefined when it does not (or the compiler cannot tell).
   */
  readonly resultRegexPath: string | undefined;
}

export interface CompileVrlOptions {
  /** Functions added to (or replacing) the standard library for this program. */
  readonly functions?: readonly VrlFunction[];
}

let stdlib: Map<string, VrlFunction> | undefined;

/** Parses and compiles a program. Throws VrlSyntaxError or VrlCompileError (code, line, column, snippet). */
export function compileVrl(source: string, options: CompileVrlOptions = {}): VrlProgram {
  stdlib ??= new Map(STDLIB.map((f) => [f.name, f]));
  const functions = options.functions === undefined ? stdlib : new Map([...stdlib, ...options.functions.map((f) => [f.name, f] as const)]);
  let body: Run;
  const compiler = new Compiler(source, functions);
  try {
    body = compiler.program(parseVrl(source)).run;
  } catch (e) {
    // Absurdly deep nesting exhausts the parser's or compiler's stack: a syntax error, not a crash.
    if (e instanceof RangeError) throw new VrlSyntaxError('E203', 'the program nests too deeply', source, { start: 0, end: 1, line: 1, column: 1 });
    throw e;
  }
  const slots = compiler.slotCount;
  return { source, run: (event, ctx) => runProgram(body, slots, event, ctx), resultRegexPath: compiler.resultRegexPath };
}
