import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { Timestamp } from '../value/timestamp.js';
import { decolorize, decolorizeProcessor } from './decolorize.js';

const ctx = { now: new Timestamp(0n) };
const build = (yaml: string) => decolorizeProcessor.compile(decolorizeProcessor.parse(readYamlRoot(yaml).map('decolorize')));

describe('decolorize', () => {
  it('strips SGR colour sequences only', () => {
    expect(decolorize('\x1b[1;31mERR\x1b[0m \x1b[38;2;255;0;0mrgb\x1b[m')).toBe('ERR rgb');
    expect(decolorize('no escapes')).toBe('no escapes');
    expect(decolorize('\x1b[2J\x1b[Hcleared')).toBe('\x1b[2J\x1b[Hcleared');
  });

  it('processor: fields, rename, type errors, unknown keys', () => {
    const p = build('decolorize:\n  fields: ["a, a2", b]');
    expect(p.exec({ a: '\x1b[32mok\x1b[0m', b: 'x' }, ctx)).toEqual({ a: '\x1b[32mok\x1b[0m', a2: 'ok', b: 'x' });
    expect(() => p.exec({ a: 1, b: 'x' }, ctx)).toThrow("decolorize (field 'a'): expected a string, got integer");
    expect(() => build('decolorize:\n  field: a\n  colors: all')).toThrow(/unknown key 'colors'/);
  });
});
