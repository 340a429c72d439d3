import { defineVrlFunction } from './function.js';
import { CASING_PARAMS, casingCall, casingCompile } from './support/casing.js';

export const screamingsnakecase = defineVrlFunction({
  name: 'screamingsnakecase',
  summary:
    'Converts `value` to SCREAMING_SNAKE: words end at `_`, `-`, spaces and case or digit changes (only the boundaries of `original_case` when given, minus `excluded_boundaries`).',
  params: CASING_PARAMS,
  returns: ['bytes'],
  fallible: false,
  examples: [
    { title: 'SCREAMING_SNAKE a string', source: 'screamingsnakecase("input-string")', result: 'INPUT_STRING' },
    { title: 'SCREAMING_SNAKE a string with original case', source: 'screamingsnakecase("input-string", "kebab-case")', result: 'INPUT_STRING' },
    { title: 'SCREAMING_SNAKE a string with excluded boundaries', source: 'screamingsnakecase("s3BucketDetails", excluded_boundaries: ["digit_lower", "lower_digit", "upper_digit"])', result: 'S3_BUCKET_DETAILS' },
  ],
  compile: casingCompile,
  call: casingCall('SCREAMING_SNAKE'),
});
