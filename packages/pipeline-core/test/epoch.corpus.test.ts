// The epoch corpus: GreptimeDB's cases (greptime.json) and Sluice's own (sluice.json), one `it`
// each, through the real `epoch` processor.
import { describe, expect, it } from 'vitest';
import { PipelineConfigError, ProcessorError } from '../src/errors/index.js';
import { epochProcessor } from '../src/processors/epoch.js';
import { Timestamp } from '../src/value/timestamp.js';
import type { Value } from '../src/value/value.js';
import { build, loadCorpus, NOW } from './corpus/processors-h3/run-one.js';

interface EpochCase {
  name?: string;
  resolution: string | null;
  input: Value;
  expected_ns?: string;
  expected_unit?: string;
  expected_error?: string;
  expected_config_error?: string;
}

const DEFAULT_UNIT: Record<string, string> = { s: 's', sec: 's', us: 'us', ms: 'ms', ns: 'ns' };

for (const { file, cases } of loadCorpus<EpochCase>(new URL('./corpus/epoch/', import.meta.url))) {
  describe(`epoch corpus ${file}`, () => {
    cases.forEach((c, i) => {
      const config = { field: 't', ...(c.resolution === null ? {} : { resolution: c.resolution }) };
      it(`#${i} ${c.name ?? ''} ${c.resolution ?? '(default)'} <- ${JSON.stringify(c.input)}`, () => {
        if (c.expected_config_error !== undefined) {
          expect(() => build(epochProcessor, config)).toThrow(PipelineConfigError);
          expect(() => build(epochProcessor, config)).toThrow(c.expected_config_error);
          return;
        }
        const p = build(epochProcessor, config);
        if (c.expected_error !== undefined) {
          expect(() => p.exec({ t: c.input }, NOW)).toThrow(ProcessorError);
          expect(() => p.exec({ t: c.input }, NOW)).toThrow(c.expected_error);
          return;
        }
        const out = p.exec({ t: c.input }, NOW) as { t: Timestamp };
        expect(out.t).toBeInstanceOf(Timestamp);
        expect(out.t.ns.toString()).toBe(c.expected_ns);
        expect(out.t.unit).toBe(c.expected_unit ?? DEFAULT_UNIT[c.resolution ?? 'ms']);
      });
    });
  });
}
