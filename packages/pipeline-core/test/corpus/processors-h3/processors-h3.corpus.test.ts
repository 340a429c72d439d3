// Corpus of the decolorize, urlencoding and digest processors (processors.json): one `it` per case,
// each built from its config through the real YAML reader and run on one record.
import { describe, expect, it } from 'vitest';
import { PipelineConfigError, ProcessorError } from '../../../src/errors/index.js';
import { decolorizeProcessor } from '../../../src/processors/decolorize.js';
import { digestProcessor } from '../../../src/processors/digest.js';
import { urlencodingProcessor } from '../../../src/processors/urlencoding.js';
import type { Doc } from '../../../src/value/value.js';
import { build, loadCorpus, NOW, runOne } from './run-one.js';

// Imported directly (not through the registry) so this suite does not depend on other processors.
const DEFS = { decolorize: decolorizeProcessor, digest: digestProcessor, urlencoding: urlencodingProcessor };

interface Case {
  name: string;
  processor: keyof typeof DEFS;
  config: Record<string, unknown>;
  input: Doc;
  expected?: Doc;
  expected_error?: string;
  expected_config_error?: string;
}

for (const { file, cases } of loadCorpus<Case>(new URL('./', import.meta.url))) {
  describe(`processors corpus ${file}`, () => {
    cases.forEach((c, i) => {
      const def = DEFS[c.processor];
      it(`#${i} ${c.processor}: ${c.name}`, () => {
        if (c.expected_config_error !== undefined) {
          expect(() => build(def, c.config)).toThrow(PipelineConfigError);
          expect(() => build(def, c.config)).toThrow(c.expected_config_error);
        } else if (c.expected_error !== undefined) {
          const p = build(def, c.config);
          expect(() => p.exec(structuredClone(c.input), NOW)).toThrow(ProcessorError);
          expect(() => p.exec(structuredClone(c.input), NOW)).toThrow(c.expected_error);
        } else {
          expect(runOne(def, c.config, structuredClone(c.input))).toEqual(c.expected);
        }
      });
    });
  });
}
