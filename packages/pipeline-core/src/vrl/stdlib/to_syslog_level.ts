import { defineVrlFunction, VrlFunctionError } from './function.js';
import { int } from './support/args.js';
import { SEVERITY_NAMES } from './support/syslog-names.js';

export const to_syslog_level = defineVrlFunction({
  name: 'to_syslog_level',
  summary: 'The syslog severity keyword (`emerg` ... `debug`) of the severity code `value` (0 to 7).',
  params: [{ name: 'value', kinds: ['integer'], required: true }],
  returns: ['bytes'],
  fallible: true,
  examples: [
    { title: 'Coerce to a Syslog level', source: 'to_syslog_level!(5)', result: 'notice' },
    { title: 'Out of range', source: 'to_syslog_level!(8)', result: { error: 'severity level 8 not valid' } },
  ],
  call(args) {
    const v = int(args, 'value');
    const name = SEVERITY_NAMES[v];
    if (name === undefined) throw new VrlFunctionError(`severity level ${v} not valid`);
    return name;
  },
});
