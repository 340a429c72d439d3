import { defineVrlFunction } from './function.js';
import { CASING_PARAMS, casingCall, casingCompile } from './support/casing.js';

export const pascalcase = defineVrlFunction({
  name: 'pascalcase',
  summary:
    'Converts `value` to PascalCase: words end at `_`, `-`, spaces and case or digit changes (only the boundaries of `original_case` when given, minus `excluded_boundaries`).',
  params: CASING_PARAMS,
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'PascalCase a string', source: 'pascalcase("input-string")', result: 'InputString' },
    { title: 'PascalCase a string with original case', source: 'pascalcase("input-string", "kebab-case")', result: 'InputString' },
    { title: 'PascalCase a string with excluded boundaries', source: 'pascalcase("s3BucketDetails", excluded_boundaries: ["digit_lower", "lower_digit", "upper_digit"])', result: 'S3BucketDetails' },
  ],
  compile: casingCompile,
  call: casingCall('PascalCase'),
});
