import { describe, expect, it } from 'vitest';
import { readYamlRoot } from './yaml.js';

describe('ConfigMap', () => {
  it('reads typed values and rejects unknown keys with a hint and a position', () => {
    const root = readYamlRoot('processors:\n  - dissect:\n      field: message\n      patern: "%{a}"\n');
    const [item] = root.optMapList('processors')!;
    const d = item!.map('dissect');
    expect(d.string('field')).toBe('message');
    d.optString('pattern');
    expect(() => d.done()).toThrow("processors[0].dissect.patern (line 4, column 7): unknown key 'patern' (did you mean 'pattern'?)");
  });

  it('reports YAML syntax errors with their line', () => {
    expect(() => readYamlRoot('processors:\n  - a: [1,\n')).toThrow(/line \d+/);
  });

  it('points at a misspelled key when a required one is missing', () => {
    const root = readYamlRoot('dissect:\n  field: message\n  patern: "%{a}"\n');
    const d = root.map('dissect');
    d.string('field');
    expect(() => d.stringList('patterns')).toThrow("missing required key 'patterns'; found unknown key 'patern' (did you mean 'patterns'?)");
  });

  it('names the missing key', () => {
    const root = readYamlRoot('a: 1\n');
    expect(() => root.string('b')).toThrow("missing required key 'b'");
  });
});
