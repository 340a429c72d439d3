import { defineVrlFunction } from './function.js';
import { CASING_PARAMS, casingCall, casingCompile } from './support/casing.js';

export const camelcase = defineVrlFunction({
  name: 'camelcase',
  summary:
    'Converts `value` to camelCase: words end at `_`, `-`, spaces and case or digit changes (only the boundaries of `original_case` when given, minus `excluded_boundaries`).',
  params: CASING_PARAMS,
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'camelCase a string', source: 'camelcase("input-string")', result: 'inputString' },
    { title: 'camelCase a string with original case', source: 'camelcase("input-string", "kebab-case")', result: 'inputString' },
    { title: 'camelCase a string with excluded boundaries', source: 'camelcase("s3BucketDetails", excluded_boundaries: ["digit_lower", "lower_digit", "upper_digit"])', result: 's3BucketDetails' },
  ],
  compile: casingCompile,
  call: casingCall('camelCase'),
});
