import { defineVrlFunction, VrlFunctionError } from './function.js';
import { int } from './support/args.js';
import { FACILITY_NAMES } from './support/syslog-names.js';

export const to_syslog_facility = defineVrlFunction({
  name: 'to_syslog_facility',
  summary: 'The syslog facility keyword (`kern`, `user`, ... `local7`) of the facility code `value` (0 to 23).',
  params: [{ name: 'value', kinds: ['integer'], required: true }],
  returns: ['bytes'],
  fallible: true,
  examples: [
    { title: 'Coerce to a Syslog facility', source: 'to_syslog_facility!(4)', result: 'auth' },
    { title: 'Local facility', source: 'to_syslog_facility!(17)', result: 'local1' },
    { title: 'Out of range', source: 'to_syslog_facility!(24)', result: { error: 'facility code 24 not valid' } },
  ],
  call(args) {
    const v = int(args, 'value');
    const name = FACILITY_NAMES[v];
    if (name === undefined) throw new VrlFunctionError(`facility code ${v} not valid`);
    return name;
  },
});
