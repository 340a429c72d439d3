import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { PipelineConfigError, ProcessorError } from '../errors/index.js';
import { Timestamp } from '../value/timestamp.js';
import { vrlProcessor } from './vrl.js';

const ctx = { now: Timestamp.fromMillis(1_700_000_000_000) };
const compile = (yaml: string) => vrlProcessor.compile(vrlProcessor.parse(readYamlRoot(yaml)));

describe('vrl processor', () => {
  it('runs the program over the record and returns the record', () => {
    const p = compile('source: |\n  .b = (.a + 1) ?? 0\n  del(.a)\n  .');
    expect(p.exec({ a: 1 }, ctx)).toEqual({ b: 2 });
  });

  it('fans out an array of objects into records, and an empty array into none', () => {
    const p = compile('source: |\n  [{"n": 1}, {"n": 2}]');
    expect(p.exec({}, ctx)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(compile('source: .events').exec({ events: [] }, ctx)).toEqual([]);
  });

  it('rejects a program that does not compile, at parse time, with the VRL code and line', () => {
    let err: unknown;
    try {
      compile('source: |\n  .a = 1\n  .b = nope(.a)\n  .');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PipelineConfigError);
    expect((err as Error).message).toContain('source');
    expect((err as Error).message).toContain('E105');
    expect((err as Error).message).toContain('line 2, column 6');
  });

  it('rejects unknown keys', () => {
    expect(() => compile('source: .\nsorce: x')).toThrow(PipelineConfigError);
  });

  it('makes a non-object result, a regex in the result, and abort item errors', () => {
    expect(() => compile('source: "1 + 1"').exec({}, ctx)).toThrow(ProcessorError);
    expect(() => compile('source: "1 + 1"').exec({}, ctx)).toThrow('got integer');
    expect(() => compile("source: |\n  .re = r'a+'\n  .")).toThrow(PipelineConfigError);
    expect(() => compile("source: |\n  .re = r'a+'\n  .")).toThrow('regex at ."re"');
    const maybe = compile("source: |\n  .re = if .x == 1 { r'a' } else { \"s\" }\n  .");
    expect(maybe.exec({ x: 2 }, ctx)).toEqual({ x: 2, re: 's' });
    expect(() => maybe.exec({ x: 1 }, ctx)).toThrow('regex');
    expect(() => compile('source: |\n  abort "bad record"').exec({}, ctx)).toThrow('bad record');
    expect(() => compile('source: "[1]"').exec({}, ctx)).toThrow('element 0');
  });

  it('keeps integers, floats and timestamps as shared values', () => {
    const p = compile("source: |\n  .i = 9007199254740993\n  .f = 1.5\n  .t = t'2024-01-02T03:04:05.123456789Z'\n  .");
    const out = p.exec({}, ctx) as Record<string, unknown>;
    expect(out['i']).toBe(9007199254740993n);
    expect(out['f']).toBe(1.5);
    expect(out['t']).toBeInstanceOf(Timestamp);
    expect((out['t'] as Timestamp).ns).toBe(1704164645123456789n);
  });
});
