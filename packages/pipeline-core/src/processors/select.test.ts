import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { Timestamp } from '../value/timestamp.js';
import { selectProcessor } from './select.js';

const ctx = { now: Timestamp.fromMillis(0) };
const compile = (yaml: string) => selectProcessor.compile(selectProcessor.parse(readYamlRoot(yaml)));

describe('select', () => {
  it('includes by default, renaming and skipping absent fields', () => {
    expect(compile('fields: ["a, x", b, zz]').exec({ a: 1, b: 2, c: 3 }, ctx)).toEqual({ x: 1, b: 2 });
  });

  it('excludes', () => {
    expect(compile('type: exclude\nfields: [a]').exec({ a: 1, b: null }, ctx)).toEqual({ b: null });
  });

  it('needs fields', () => {
    expect(() => compile('type: include')).toThrow("missing required key 'field' (or 'fields')");
  });
});
