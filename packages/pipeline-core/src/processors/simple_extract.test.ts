import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { Timestamp } from '../value/timestamp.js';
import { simpleExtractProcessor } from './simple_extract.js';

const ctx = { now: Timestamp.fromMillis(0) };
const compile = (yaml: string) => simpleExtractProcessor.compile(simpleExtractProcessor.parse(readYamlRoot(yaml)));

describe('simple_extract', () => {
  it('extracts a nested value into the output field', () => {
    expect(compile('field: "o, v"\nkey: a.b').exec({ o: { a: { b: [1] } } }, ctx)).toEqual({ o: { a: { b: [1] } }, v: [1] });
  });

  it('writes null when a step is missing or not an object', () => {
    expect(compile('field: "o, v"\nkey: a.b.c').exec({ o: { a: 'text' } }, ctx)).toEqual({ o: { a: 'text' }, v: null });
  });

  it('does not read inherited properties', () => {
    expect(compile('field: "o, v"\nkey: constructor').exec({ o: {} }, ctx)).toEqual({ o: {}, v: null });
  });
});
