import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { Timestamp } from '../value/timestamp.js';
import { jsonPathProcessor } from './json_path.js';

const ctx = { now: Timestamp.fromMillis(0) };
const compile = (yaml: string) => jsonPathProcessor.compile(jsonPathProcessor.parse(readYamlRoot(yaml)));

describe('json_path', () => {
  it('writes the list of matches', () => {
    expect(compile('field: "o, r"\njson_path: "$.a[*]"').exec({ o: { a: [1, 2] } }, ctx)).toEqual({ o: { a: [1, 2] }, r: [1, 2] });
  });

  it('writes one match with result_index, null when absent', () => {
    const p = compile('field: "o, r"\njson_path: "$.a[*]"\nresult_index: 0');
    expect(p.exec({ o: { a: ['x'] } }, ctx)).toEqual({ o: { a: ['x'] }, r: 'x' });
    expect(p.exec({ o: { a: [] } }, ctx)).toEqual({ o: { a: [] }, r: null });
  });

  it('rejects a negative result_index and a missing json_path', () => {
    expect(() => compile('field: o\njson_path: "$"\nresult_index: -1')).toThrow('expected a non-negative integer');
    expect(() => compile('field: o')).toThrow("missing required key 'json_path'");
  });
});
