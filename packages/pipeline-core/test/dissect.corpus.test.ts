// Runs the reference dissect cases (Elasticsearch's tests, GreptimeDB's tests), one `it` per case.
// `expected_es` is the result to match ({"miss": true}: the item fails); cases without it come from
// GreptimeDB and use `expected_greptime`, unless `expected_sluice` records a deliberate difference
// (with the reason in `sluice_note`).
import { describe, expect, it } from 'vitest';
import { ProcessorError } from '../src/errors/index.js';
import { dissectProcessor } from '../src/processors/dissect/dissect.js';
import cases from './corpus/dissect/dissect.json';
import { runProcessor } from './corpus/processors-h2/run-processor.js';

interface Case {
  pattern: string;
  input: string;
  append_separator?: string;
  expected_es?: Record<string, string | boolean>;
  expected_greptime?: Record<string, string>;
  expected_sluice?: Record<string, string>;
  sluice_note?: string;
}

describe('dissect reference corpus', () => {
  (cases as unknown as Case[]).forEach((c, i) => {
    const expected: Record<string, string | boolean> = c.expected_sluice ?? c.expected_es ?? c.expected_greptime!;
    const config = { field: 'message', patterns: [c.pattern], ...(c.append_separator === undefined ? {} : { append_separator: c.append_separator }) };
    it(`#${i} ${c.pattern} <- ${JSON.stringify(c.input)}${c.sluice_note ? ` (${c.sluice_note})` : ''}`, () => {
      if (expected.miss === true) {
        expect(() => runProcessor(dissectProcessor, config, { message: c.input })).toThrow(ProcessorError);
      } else {
        expect(runProcessor(dissectProcessor, config, { message: c.input })).toEqual({ message: c.input, ...expected });
      }
    });
  });
});
