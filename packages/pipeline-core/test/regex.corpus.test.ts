// Runs the reference regex cases (GreptimeDB's tests and docs), one `it` per case: the processor
// must add exactly `expected_added` to the input record.
import { describe, expect, it } from 'vitest';
import { regexProcessor } from '../src/processors/regex.js';
import type { Doc } from '../src/value/value.js';
import cases from './corpus/regex/regex.json';
import { runProcessor } from './corpus/processors-h2/run-processor.js';

interface Case {
  fields: string[];
  patterns: string[];
  input: Doc;
  ignore_missing?: boolean;
  expected_added: Doc;
  source: string;
}

describe('regex reference corpus', () => {
  (cases as unknown as Case[]).forEach((c, i) => {
    it(`#${i} ${c.patterns.join(' | ')} <- ${JSON.stringify(c.input)}`, () => {
      const config = { fields: c.fields, patterns: c.patterns, ...(c.ignore_missing === undefined ? {} : { ignore_missing: c.ignore_missing }) };
      expect(runProcessor(regexProcessor, config, c.input)).toEqual({ ...c.input, ...c.expected_added });
    });
  });
});
