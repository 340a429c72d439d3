import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { ProcessorError } from '../errors/index.js';
import { Timestamp } from '../value/timestamp.js';
import { jsonParseProcessor } from './json_parse.js';

const ctx = { now: Timestamp.fromMillis(0) };
const compile = (yaml: string) => jsonParseProcessor.compile(jsonParseProcessor.parse(readYamlRoot(yaml)));

describe('json_parse', () => {
  it('parses in place or into a new field', () => {
    expect(compile('field: a').exec({ a: '[1,{"b":null}]' }, ctx)).toEqual({ a: [1, { b: null }] });
    expect(compile('field: "a, b"').exec({ a: '1' }, ctx)).toEqual({ a: '1', b: 1 });
  });

  it('fails on bad JSON with a ProcessorError naming the field', () => {
    expect(() => compile('field: a').exec({ a: '{' }, ctx)).toThrow(ProcessorError);
    expect(() => compile('field: a').exec({ a: '{' }, ctx)).toThrow("json_parse (field 'a'): invalid JSON");
  });

  it('skips missing fields with ignore_missing', () => {
    expect(compile('field: a\nignore_missing: true').exec({ b: 1 }, ctx)).toEqual({ b: 1 });
  });
});
