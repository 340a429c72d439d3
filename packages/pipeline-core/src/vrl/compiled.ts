import type { Kinds } from './kinds.js';
import type { Run } from './runtime.js';
import type { VrlValue } from './value.js';

/** An expression after compilation: its closure, static type and fallibility. */
export interface Compiled {
  readonly run: Run;
  readonly kinds: Kinds;
  /** Can it fail at run time with an error the program must handle? */
  readonly fallible: boolean;
  /** Its value when known at compile time (literals, variables last assigned a literal). */
  readonly constant?: { readonly value: VrlValue };
  /** Does each run build a new container (so storing it needs no copy)? */
  readonly fresh?: boolean;
}
