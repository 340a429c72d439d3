// The date corpus: GreptimeDB's cases (greptime.json, copied from the shared reference corpus) and
// Sluice's own (sluice.json, expected values computed with Python's datetime/zoneinfo), one `it` each,
// run through the real `date` processor.
import { describe, expect, it } from 'vitest';
import { PipelineConfigError, ProcessorError } from '../src/errors/index.js';
import { dateProcessor } from '../src/processors/date.js';
import { Timestamp } from '../src/value/timestamp.js';
import { build, loadCorpus, NOW } from './corpus/processors-h3/run-one.js';

interface DateCase {
  name?: string;
  formats: string[] | null;
  timezone: string | null;
  locale?: string;
  input: string;
  expected_ns?: string;
  /** true (GreptimeDB's cases) or a text the error message must contain. */
  expected_error?: boolean | string;
  expected_config_error?: string;
  note?: string;
}

function config(c: DateCase): Record<string, unknown> {
  return {
    field: 't',
    ...(c.formats === null ? {} : { formats: c.formats }),
    ...(c.timezone === null ? {} : { timezone: c.timezone }),
    ...(c.locale === undefined ? {} : { locale: c.locale }),
  };
}

for (const { file, cases } of loadCorpus<DateCase>(new URL('./corpus/date/', import.meta.url))) {
  describe(`date corpus ${file}`, () => {
    cases.forEach((c, i) => {
      it(`#${i} ${c.name ?? ''} ${JSON.stringify(c.formats)} <- ${JSON.stringify(c.input)}${c.timezone ? ` in ${c.timezone}` : ''}`, () => {
        if (c.expected_config_error !== undefined) {
          expect(() => build(dateProcessor, config(c))).toThrow(PipelineConfigError);
          expect(() => build(dateProcessor, config(c))).toThrow(c.expected_config_error);
          return;
        }
        const p = build(dateProcessor, config(c));
        if (c.expected_error !== undefined) {
          expect(() => p.exec({ t: c.input }, NOW)).toThrow(ProcessorError);
          if (typeof c.expected_error === 'string') expect(() => p.exec({ t: c.input }, NOW)).toThrow(c.expected_error);
          return;
        }
        const out = p.exec({ t: c.input }, NOW) as { t: Timestamp };
        expect(out.t).toBeInstanceOf(Timestamp);
        expect(out.t.unit).toBe('ns');
        expect(out.t.ns.toString()).toBe(c.expected_ns);
      });
    });
  });
}
