import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { PipelineConfigError } from '../errors/index.js';
import { readFields } from './field.js';

const fields = (yaml: string) => readFields(readYamlRoot(yaml));

describe('readFields', () => {
  it('reads strings, "a, b" renames and GreptimeDB\'s map form {key, rename_to}', () => {
    expect(fields('fields:\n  - a\n  - b, c\n  - key: d\n    rename_to: e\n  - key: f\n')).toEqual([
      { input: 'a', output: 'a' },
      { input: 'b', output: 'c' },
      { input: 'd', output: 'e' },
      { input: 'f', output: 'f' },
    ]);
    expect(fields('field:\n  key: x\n  rename_to: y\n')).toEqual([{ input: 'x', output: 'y' }]);
  });

  it('rejects unknown keys in the map form, with the path', () => {
    expect(() => fields('fields:\n  - key: d\n    renam_to: e\n')).toThrow(PipelineConfigError);
    expect(() => fields('fields:\n  - key: d\n    renam_to: e\n')).toThrow(/fields\[0\]\.renam_to.*did you mean 'rename_to'/);
  });
});
