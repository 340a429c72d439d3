import { describe, expect, it } from 'vitest';
import { PipelineConfigError } from '../errors/index.js';
import { parsePipeline } from './parse-pipeline.js';

describe('parsePipeline', () => {
  it('reads version and description', () => {
    const p = parsePipeline('version: 2\ndescription: demo\nprocessors: []\n');
    expect(p.version).toBe(2);
    expect(p.description).toBe('demo');
    expect(parsePipeline('processors: []\n').version).toBe(1);
  });

  it('accepts a document without processors', () => {
    expect(parsePipeline('transform:\n  - field: a\n    type: string\n').run([{ a: 'x' }]).tables[0]!.schema[0]!.name).toBe('a');
  });

  it('throws PipelineConfigError with a location for a bad processor key', () => {
    let err: unknown;
    try {
      parsePipeline('processors:\n  - select:\n      fields: [a]\n      typ: include\n');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PipelineConfigError);
    expect((err as PipelineConfigError).location).toEqual({ path: 'processors[0].select.typ', line: 4, column: 7 });
    expect((err as PipelineConfigError).message).toContain("did you mean 'type'?");
  });

  it('rejects a processor item whose value is not a map', () => {
    expect(() => parsePipeline('processors:\n  - select: [a]\n')).toThrow(PipelineConfigError);
  });
});
