import type { ScalarFunction } from './function.js';
import { JSON_FUNCTIONS } from './json.js';
import { MATH_FUNCTIONS } from './math.js';
import { OTHER_FUNCTIONS } from './other.js';
import { STRING_FUNCTIONS } from './string.js';
import { TIME_FUNCTIONS } from './time.js';
import { HASH_FUNCTIONS } from './hash.js';
import { CONDITIONAL_FUNCTIONS } from './conditional.js';
import { MATH_EXTRA_FUNCTIONS } from './math-extra.js';
import { STRING_EXTRA_FUNCTIONS } from './string-extra.js';
import { CONVERSION_FUNCTIONS } from './conversion.js';
import { GEO_FUNCTIONS } from './geo.js';
import { MYSQL_STRING_FUNCTIONS } from './mysql-string.js';
import { VECTOR_FUNCTIONS } from './vector.js';
import { DATE_ADD_FUNCTIONS } from './date-add.js';
import { IP_FUNCTIONS } from './ip.js';
import { SKETCH_FUNCTIONS } from './sketch.js';
import { JSON_PATH_MATCH } from './json-path-match.js';

/** Every scalar function by lowercase name (the one list docs/sql.md is checked against). */
export const SCALAR_FUNCTIONS: ReadonlyMap<string, ScalarFunction> = new Map(
  [
    ...MATH_FUNCTIONS, ...STRING_FUNCTIONS, ...TIME_FUNCTIONS, ...JSON_FUNCTIONS, ...OTHER_FUNCTIONS,
    ...HASH_FUNCTIONS, ...CONDITIONAL_FUNCTIONS, ...MATH_EXTRA_FUNCTIONS, ...STRING_EXTRA_FUNCTIONS, ...CONVERSION_FUNCTIONS, ...GEO_FUNCTIONS, ...MYSQL_STRING_FUNCTIONS, ...VECTOR_FUNCTIONS, ...DATE_ADD_FUNCTIONS, ...IP_FUNCTIONS, ...SKETCH_FUNCTIONS, JSON_PATH_MATCH,
  ].map((f) => [f.name, f]),
);
