import { DurationSyntaxError, parseDuration } from '../../time/duration.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { str } from './support/args.js';

/** Milliseconds per output unit VRL accepts. */
const UNIT_MS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  'µs': 1e-3,
  ms: 1,
  cs: 10,
  ds: 100,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

export const parse_duration = defineVrlFunction({
  name: 'parse_duration',
  summary:
    'Parses the duration `value` (one or more `<integer><unit>` parts such as `1s 500ms`, with Sluice\'s one duration grammar) into a float number of `unit`s (ns, us, µs, ms, cs, ds, s, m, h, d).',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'unit', kinds: ['bytes'], required: true },
  ],
  returns: ['float'],
  fallible: true,
  examples: [
    { title: 'Parse duration (milliseconds)', source: 'parse_duration!("1005ms", unit: "s")', result: 1.005 },
    { title: 'Parse multiple durations (seconds & milliseconds)', source: 'parse_duration!("1s 1ms", unit: "ms")', result: 1001 },
    { title: 'Invalid duration', source: 'parse_duration!("forever", unit: "s")', result: { error: 'unable to parse duration' } },
  ],
  call(args) {
    const unit = str(args, 'unit');
    const per = UNIT_MS[unit];
    if (per === undefined) throw new VrlFunctionError(`unknown unit format: "${unit}"`);
    let ms: number;
    try {
      ms = parseDuration(str(args, 'value'));
    } catch (e) {
      if (e instanceof DurationSyntaxError) throw new VrlFunctionError(`unable to parse duration: ${e.message}`);
      throw e;
    }
    // Round away binary noise from the unit factors (1005 ms in s is 1.005, not 1.0050000000000001).
    return Number((ms / per).toPrecision(15));
  },
});
