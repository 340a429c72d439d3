import type { VrlValue } from './value.js';

/**
 * A handleable runtime failure (a fallible call or operator failed). `??` and `ok, err = ...`
 * catch it; anywhere else the compiler has already proven it cannot escape.
 */
export class VrlFailure {
  constructor(readonly message: string) {}
}

/** `return value`: ends the program with `value`. */
export class ReturnSignal {
  constructor(readonly value: VrlValue) {}
}
