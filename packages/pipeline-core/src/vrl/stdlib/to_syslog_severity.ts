import { defineVrlFunction, VrlFunctionError } from './function.js';
import { str } from './support/args.js';
import { SEVERITY_NAMES } from './support/syslog-names.js';

/** VRL also accepts the long spellings. */
const ALIASES: Readonly<Record<string, number>> = { emergency: 0, critical: 2, error: 3, warn: 4, informational: 6 };

export const to_syslog_severity = defineVrlFunction({
  name: 'to_syslog_severity',
  summary: 'The syslog severity code (0 to 7) of the keyword `value` (`emerg`, `alert`, `crit`, `err`, `warning`, `notice`, `info`, `debug`).',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['integer'],
  fallible: true,
  examples: [
    { title: 'Coerce to Syslog severity', source: 'to_syslog_severity!("alert")', result: 1 },
    { title: 'Long spelling', source: 'to_syslog_severity!("error")', result: 3 },
    { title: 'Unknown keyword', source: 'to_syslog_severity!("loud")', result: { error: 'syslog level loud not valid' } },
  ],
  call(args) {
    const v = str(args, 'value');
    const code = (SEVERITY_NAMES as readonly string[]).indexOf(v);
    if (code >= 0) return code;
    const alias = ALIASES[v];
    if (alias === undefined) throw new VrlFunctionError(`syslog level ${v} not valid`);
    return alias;
  },
});
