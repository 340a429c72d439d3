import { ProcessorError } from '../errors/index.js';
import { readFields, type Field } from '../fields/field.js';
import { forEachField } from '../fields/for-each-field.js';
import { nameTables } from '../time/names.js';
import { compileStrptimeMatcher, type StrptimeMatcher } from '../time/strptime.js';
import { resolveTimeZone } from '../time/zone.js';
import { Timestamp } from '../value/timestamp.js';
import { kindOf, type Value } from '../value/value.js';
import { defineProcessor } from './processor.js';

/** GreptimeDB's default list, used when `formats` is absent or empty (RFC 3339 variants). */
export const DEFAULT_DATE_FORMATS: readonly string[] = [
  '%Y-%m-%dT%H:%M:%S%:z',
  '%Y-%m-%dT%H:%M:%S%.3f%:z',
  '%Y-%m-%dT%H:%M:%S%.6f%:z',
  '%Y-%m-%dT%H:%M:%S%.9f%:z',
  '%Y-%m-%dT%H:%M:%S%z',
  '%Y-%m-%dT%H:%M:%S%.3f%z',
  '%Y-%m-%dT%H:%M:%S%.6f%z',
  '%Y-%m-%dT%H:%M:%S%.9f%z',
  '%Y-%m-%dT%H:%M:%SZ',
  '%Y-%m-%dT%H:%M:%S',
  '%Y-%m-%dT%H:%M:%S%.3f',
  '%Y-%m-%dT%H:%M:%S%.6f',
  '%Y-%m-%dT%H:%M:%S%.9f',
];

export interface DateConfig {
  readonly fields: readonly Field[];
  readonly formats: readonly string[];
  readonly timezone: string | undefined;
  readonly locale: string | undefined;
  readonly ignoreMissing: boolean;
}

function compileAll(c: DateConfig): StrptimeMatcher[] {
  return c.formats.map((f) => compileStrptimeMatcher(f, { timezone: c.timezone, locale: c.locale }));
}

/**
 * `date`: parses strings with chrono strftime formats, tried in the order given, into nanosecond
 * timestamps. Local times are read in `timezone` (default UTC); `locale` selects month/day names.
 */
export const dateProcessor = defineProcessor<DateConfig>({
  kind: 'date',
  parse(cfg) {
    const fields = readFields(cfg);
    const listed = cfg.optStringList('formats');
    const config: DateConfig = {
      fields,
      formats: listed === undefined || listed.length === 0 ? DEFAULT_DATE_FORMATS : listed,
      timezone: cfg.optString('timezone'),
      locale: cfg.optString('locale'),
      ignoreMissing: cfg.bool('ignore_missing', false),
    };
    cfg.done();
    // Validate the zone, the locale and every format now, so a bad pipeline fails at load time.
    const check = (key: string, fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        throw cfg.error(key, (e as Error).message);
      }
    };
    check('timezone', () => resolveTimeZone(config.timezone));
    check('locale', () => nameTables(config.locale));
    for (const format of config.formats) check('formats', () => compileStrptimeMatcher(format, { timezone: config.timezone, locale: config.locale }));
    return config;
  },
  compile(config) {
    const matchers = compileAll(config);
    // The last text parsed and its instant: log lines come in time order, many in the same second, and
    // the result depends on the text alone (Timestamps are immutable, so the one object is shared; the
    // store then also normalises it once per run of equal values).
    let lastText: string | undefined;
    let lastTs: Timestamp | undefined;
    const parse = (value: Value, field: Field): Value => {
      if (typeof value !== 'string') {
        if (value instanceof Timestamp) return value;
        throw new ProcessorError('date', field.input, `expected a string, got ${kindOf(value)}`);
      }
      if (value === lastText) return lastTs!;
      for (let i = 0; i < matchers.length; i++) {
        const ts = matchers[i]!.tryParse(value);
        if (ts !== undefined) {
          lastText = value;
          lastTs = ts;
          return ts;
        }
      }
      const tried = matchers.map((m) => `'${m.format}' (${m.lastError})`).join(', ');
      throw new ProcessorError('date', field.input, `cannot parse '${value}' with any of the formats: ${tried}`);
    };
    return {
      kind: 'date',
      exec(doc) {
        forEachField(doc, 'date', config.fields, config.ignoreMissing, parse);
        return doc;
      },
    };
  },
});
