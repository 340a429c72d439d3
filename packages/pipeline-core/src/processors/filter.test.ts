import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { Timestamp } from '../value/timestamp.js';
import { filterProcessor } from './filter.js';
import { DROP } from './processor.js';

const ctx = { now: Timestamp.fromMillis(0) };
const compile = (yaml: string) => filterProcessor.compile(filterProcessor.parse(readYamlRoot(yaml)));

describe('filter', () => {
  it('drops matches of `in`, keeps the rest unchanged', () => {
    const f = compile('field: lvl\ntargets: [Debug]');
    expect(f.exec({ lvl: 'debug' }, ctx)).toBe(DROP);
    const doc = { lvl: 'info' };
    expect(f.exec(doc, ctx)).toBe(doc);
  });

  it('keeps only matches with not_in', () => {
    const f = compile('field: lvl\nmatch_op: not_in\ntargets: [error]');
    expect(f.exec({ lvl: 'info' }, ctx)).toBe(DROP);
    expect(f.exec({ lvl: 'ERROR' }, ctx)).not.toBe(DROP);
  });

  it('never matches objects (so not_in drops them)', () => {
    expect(compile('field: v\ntargets: ["{}"]').exec({ v: {} }, ctx)).not.toBe(DROP);
    expect(compile('field: v\nmatch_op: not_in\ntargets: ["{}"]').exec({ v: {} }, ctx)).toBe(DROP);
  });

  it('rejects an unknown mode', () => {
    expect(() => compile('field: v\nmode: regex\ntargets: [a]')).toThrow("unknown filter mode 'regex'");
  });
});
