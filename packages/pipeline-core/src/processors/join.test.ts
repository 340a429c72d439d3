import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { Timestamp } from '../value/timestamp.js';
import { joinProcessor } from './join.js';

const ctx = { now: Timestamp.fromMillis(0) };
const build = (yaml: string) => joinProcessor.compile(joinProcessor.parse(readYamlRoot(yaml).map('join')));

describe('join processor', () => {
  it('joins arrays with the separator', () => {
    expect(build("join:\n  field: tags\n  separator: ', '\n").exec({ tags: ['a', 1n, Timestamp.fromMillis(0)] }, ctx)).toEqual({
      tags: 'a, 1, 1970-01-01T00:00:00Z',
    });
  });

  it('rejects unknown keys', () => {
    expect(() => build("join:\n  field: tags\n  separator: ','\n  sep: ','\n")).toThrow("unknown key 'sep'");
  });
});
