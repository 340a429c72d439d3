import { defineVrlFunction } from './function.js';

export const now = defineVrlFunction({
  name: 'now',
  summary: 'The current time: the ingest time of the batch being processed (the same for every record of one request).',
  params: [],
  returns: ['timestamp'],
  fallible: false,
  examples: [
    { title: 'Generate a current timestamp', source: 'is_timestamp(now())', result: true },
    { title: 'Now is after 2020', source: "now() > t'2020-01-01T00:00:00Z'", result: true },
  ],
  call: (_args, ctx) => ctx.now,
});
