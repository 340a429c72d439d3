import { Timestamp } from '../../value/timestamp.js';
import { defineVrlFunction } from './function.js';
import { assertKind } from './support/assert-kind.js';

export const timestamp = defineVrlFunction({
  name: 'timestamp',
  summary: 'Returns `value` if it is a timestamp, else fails with an error (use it to assert a type the compiler cannot know).',
  params: [{ name: 'value', kinds: ['timestamp'], required: true }],
  returns: ['timestamp'],
  fallible: false,
  examples: [
    { title: 'Declare a timestamp type', source: "timestamp(t'2020-10-10T16:00:00Z')", result: Timestamp.fromMillis(Date.UTC(2020, 9, 10, 16)) },
    { title: 'Invalid type', source: 'timestamp!(true)', result: { error: 'expected timestamp, got boolean' } },
  ],
  call: assertKind('timestamp'),
});
