import type { Value } from '../value/value.js';
import type { RE2JS } from 're2js';

/** A VRL regex literal (`r'...'`), compiled once with the linear-time RE2 engine. */
export class VrlRegex {
  constructor(
    readonly source: string,
    readonly flags: string,
    readonly re: RE2JS,
  ) {}
}

/** VRL values: the shared Value plus regexes. VRL "bytes" are JS strings. */
export type VrlValue = Value | VrlRegex | VrlValue[] | { [key: string]: VrlValue };

/** VRL's type kinds, as used in function signatures and the compile-time type check. */
export type VrlKind = 'bytes' | 'integer' | 'float' | 'boolean' | 'null' | 'timestamp' | 'regex' | 'array' | 'object';

export const ANY: readonly VrlKind[] = ['bytes', 'integer', 'float', 'boolean', 'null', 'timestamp', 'regex', 'array', 'object'];
