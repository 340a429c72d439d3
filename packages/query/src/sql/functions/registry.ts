import type { ScalarFunction } from './function.js';
import { JSON_FUNCTIONS } from './json.js';
import { MATH_FUNCTIONS } from './math.js';
import { OTHER_FUNCTIONS } from './other.js';
import { STRING_FUNCTIONS } from './string.js';
import { TIME_FUNCTIONS } from './time.js';

/** Every scalar function by lowercase name (the one list docs/sql.md is checked against). */
export const SCALAR_FUNCTIONS: ReadonlyMap<string, ScalarFunction> = new Map(
  [...MATH_FUNCTIONS, ...STRING_FUNCTIONS, ...TIME_FUNCTIONS, ...JSON_FUNCTIONS, ...OTHER_FUNCTIONS].map((f) => [f.name, f]),
);
