import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { Timestamp } from '../value/timestamp.js';
import { parseReplacement } from './gsub-replacement.js';
import { gsubProcessor } from './gsub.js';

const ctx = { now: Timestamp.fromMillis(0) };
const build = (yaml: string) => gsubProcessor.compile(gsubProcessor.parse(readYamlRoot(yaml).map('gsub')));

describe('parseReplacement', () => {
  it('reads Rust regex replacement syntax', () => {
    expect(parseReplacement('a$1-${name}$$ $x_y ${2}b $')).toEqual(['a', { group: 1 }, '-', { group: 'name' }, '$ ', { group: 'x_y' }, ' ', { group: 2 }, 'b $']);
  });
});

describe('gsub processor', () => {
  it('replaces every match in place', () => {
    const p = build("gsub:\n  field: message\n  pattern: '(\\d+)ms'\n  replacement: '$1 ms'\n");
    expect(p.exec({ message: 'took 5ms then 7ms' }, ctx)).toEqual({ message: 'took 5 ms then 7 ms' });
  });

  it('expands an unknown group name to nothing', () => {
    const p = build("gsub:\n  field: m\n  pattern: 'a'\n  replacement: '<$nope>'\n");
    expect(p.exec({ m: 'bab' }, ctx)).toEqual({ m: 'b<>b' });
  });
});
