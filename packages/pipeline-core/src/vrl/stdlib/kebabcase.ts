import { defineVrlFunction } from './function.js';
import { CASING_PARAMS, casingCall, casingCompile } from './support/casing.js';

export const kebabcase = defineVrlFunction({
  name: 'kebabcase',
  summary:
    'Converts `value` to kebab-case: words end at `_`, `-`, spaces and case or digit changes (only the boundaries of `original_case` when given, minus `excluded_boundaries`).',
  params: CASING_PARAMS,
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'kebab-case a string', source: 'kebabcase("input_string")', result: 'input-string' },
    { title: 'kebab-case a string with original case', source: 'kebabcase("input_string", "snake_case")', result: 'input-string' },
    { title: 'kebab-case a string with excluded boundaries', source: 'kebabcase("s3BucketDetails", excluded_boundaries: ["digit_lower", "lower_digit", "upper_digit"])', result: 's3-bucket-details' },
  ],
  compile: casingCompile,
  call: casingCall('kebab-case'),
});
