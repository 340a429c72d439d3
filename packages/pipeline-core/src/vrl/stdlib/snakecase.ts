import { defineVrlFunction } from './function.js';
import { CASING_PARAMS, casingCall, casingCompile } from './support/casing.js';

export const snakecase = defineVrlFunction({
  name: 'snakecase',
  summary:
    'Converts `value` to snake_case: words end at `_`, `-`, spaces and case or digit changes (only the boundaries of `original_case` when given, minus `excluded_boundaries`).',
  params: CASING_PARAMS,
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'snake_case a string', source: 'snakecase("input-string")', result: 'input_string' },
    { title: 'snake_case a string with original case', source: 'snakecase("input-string", "kebab-case")', result: 'input_string' },
    { title: 'snake_case a string with excluded boundaries', source: 'snakecase("s3BucketDetails", excluded_boundaries: ["digit_lower", "lower_digit", "upper_digit"])', result: 's3_bucket_details' },
  ],
  compile: casingCompile,
  call: casingCall('snake_case'),
});
