import { VrlFunctionError, type VrlClosure } from '../function.js';

/** The closure a closure-taking function was called with (the compiler always passes one). */
export function needClosure(name: string, closure: VrlClosure | undefined): VrlClosure {
  if (closure === undefined) throw new VrlFunctionError(`${name} requires a closure: ${name}(value) -> |...| { ... }`);
  return closure;
}
