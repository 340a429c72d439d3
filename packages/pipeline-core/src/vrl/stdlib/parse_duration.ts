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

/** VRL's fallback form: one decimal number and a unit of one or two letters. */
const DECIMAL = /^([0-9]*\.?[0-9]+)\s?([µa-z]{1,2})$/i;

export const parse_duration = defineVrlFunction({
  name: 'parse_duration',
  summary:
    'Parses the duration `value` (one or more `<integer><unit>` parts such as `1s 500ms`, or one decimal value such as `1.5s`) into a float number of `unit`s (ns, us, µs, ms, cs, ds, s, m, h, d).',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'unit', kinds: ['bytes'], required: true },
  ],
  returns: ['float'],
  fallible: true,
  examples: [
    { title: 'Parse duration (milliseconds)', source: 'parse_duration!("1005ms", unit: "s")', result: 1.005 },
    { title: 'Parse multiple durations (seconds & milliseconds)', source: 'parse_duration!("1s 1ms", unit: "ms")', result: 1001 },
    { title: 'Parse a decimal duration', source: 'parse_duration!("12.3s", unit: "ms")', result: 12300 },
    { title: 'Invalid duration', source: 'parse_duration!("forever", unit: "s")', result: { error: 'unable to parse duration' } },
  ],
  call(args) {
    const unit = str(args, 'unit');
    const per = UNIT_MS[unit];
    if (per === undefined) throw new VrlFunctionError(`unknown unit format: '${unit}'`);
    const text = str(args, 'value');
    let ms: number;
    try {
      ms = parseDuration(text);
    } catch (e) {
      if (!(e instanceof DurationSyntaxError)) throw e;
      // As VRL: when the humantime grammar fails, one decimal value with a unit (`1.5s`) is tried.
      const m = DECIMAL.exec(text);
      const unitMs = m ? UNIT_MS[m[2]!.toLowerCase()] : undefined;
      if (m === null || unitMs === undefined) throw new VrlFunctionError(`unable to parse duration: '${text}'`);
      ms = Number(m[1]) * unitMs;
    }
    // Round away binary noise from the unit factors (1005 ms in s is 1.005, not 1.0050000000000001).
    return Number((ms / per).toPrecision(15));
  },
});
