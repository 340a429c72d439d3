import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../../config/yaml.js';
import { PipelineConfigError, ProcessorError } from '../../errors/index.js';
import { Timestamp } from '../../value/timestamp.js';
import { dissectProcessor } from './dissect.js';

const ctx = { now: Timestamp.fromMillis(0) };
const build = (yaml: string) => dissectProcessor.compile(dissectProcessor.parse(readYamlRoot(yaml).map('dissect')));

describe('dissect processor', () => {
  it('reads its YAML and dissects the field', () => {
    const p = build("dissect:\n  field: message\n  patterns:\n    - '%{ip} %{+ts} %{+ts}'\n  append_separator: ' '\n");
    expect(p.exec({ message: '1.2.3.4 Nov 22' }, ctx)).toEqual({ message: '1.2.3.4 Nov 22', ip: '1.2.3.4', ts: 'Nov 22' });
  });

  it('reports a bad pattern with the YAML position and the column in the pattern', () => {
    let err: unknown;
    try {
      build("dissect:\n  field: message\n  patterns:\n    - '%{a} %{b'\n");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PipelineConfigError);
    expect((err as Error).message).toBe(
      `dissect.patterns (line 4, column 5): patterns[0]: invalid dissect pattern "%{a} %{b" at column 6: '%{' is never closed by '}'`,
    );
  });

  it('fails an item that matches no pattern, naming the field and the patterns', () => {
    const p = build("dissect:\n  field: line\n  patterns: ['%{a}:%{b}', '%{a}=%{b}']\n");
    expect(() => p.exec({ line: 'nothing' }, ctx)).toThrow(ProcessorError);
    expect(() => p.exec({ line: 'nothing' }, ctx)).toThrow(`dissect (field 'line'): no pattern matched "nothing"; patterns tried: "%{a}:%{b}", "%{a}=%{b}"`);
  });

  it('honours ignore_missing', () => {
    const p = build("dissect:\n  field: line\n  pattern: '%{a} %{b}'\n  ignore_missing: true\n");
    expect(p.exec({}, ctx)).toEqual({});
  });
});
