// Sluice's own cases for dissect, regex, gsub, csv, join and letter: one `it` per case.
// A case is { name, processor, config, input, expect } or { ..., error: { stage, code, message } }
// where `stage` is `config` (parse/compile must throw PipelineConfigError) or `run` (exec must throw
// ProcessorError) and `message` is a substring of the error message.
import { describe, expect, it } from 'vitest';
import { PipelineConfigError, ProcessorError } from '../src/errors/index.js';
import { csvProcessor } from '../src/processors/csv.js';
import { dissectProcessor } from '../src/processors/dissect/dissect.js';
import { gsubProcessor } from '../src/processors/gsub.js';
import { joinProcessor } from '../src/processors/join.js';
import { letterProcessor } from '../src/processors/letter.js';
import type { ProcessorDef } from '../src/processors/processor.js';
import { regexProcessor } from '../src/processors/regex.js';
import type { Doc } from '../src/value/value.js';
import csv from './corpus/processors-h2/csv.json';
import dissect from './corpus/processors-h2/dissect.json';
import gsub from './corpus/processors-h2/gsub.json';
import join from './corpus/processors-h2/join.json';
import letter from './corpus/processors-h2/letter.json';
import regex from './corpus/processors-h2/regex.json';
import { compileProcessor, runProcessor } from './corpus/processors-h2/run-processor.js';

interface Case {
  name: string;
  processor: string;
  config: unknown;
  input?: Doc;
  expect?: Doc;
  error?: { stage: 'config' | 'run'; code: number; message: string };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const DEFS: Record<string, ProcessorDef<any>> = { dissect: dissectProcessor, regex: regexProcessor, gsub: gsubProcessor, csv: csvProcessor, join: joinProcessor, letter: letterProcessor };

const files = { dissect, regex, gsub, csv, join, letter } as unknown as Record<string, Case[]>;

for (const [file, cases] of Object.entries(files)) {
  describe(`processors-h2/${file}.json`, () => {
    for (const c of cases) {
      it(c.name, () => {
        const def = DEFS[c.processor]!;
        if (c.error?.stage === 'config') {
          let err: unknown;
          try {
            compileProcessor(def, c.config);
          } catch (e) {
            err = e;
          }
          expect(err).toBeInstanceOf(PipelineConfigError);
          expect((err as PipelineConfigError).code).toBe(c.error.code);
          expect((err as Error).message).toContain(c.error.message);
        } else if (c.error?.stage === 'run') {
          let err: unknown;
          try {
            runProcessor(def, c.config, c.input!);
          } catch (e) {
            err = e;
          }
          expect(err).toBeInstanceOf(ProcessorError);
          expect((err as ProcessorError).code).toBe(c.error.code);
          expect((err as Error).message).toContain(c.error.message);
        } else {
          expect(runProcessor(def, c.config, c.input!)).toEqual(c.expect);
        }
      });
    }
  });
}
