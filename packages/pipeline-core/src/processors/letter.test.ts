import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { Timestamp } from '../value/timestamp.js';
import { letterProcessor } from './letter.js';

const ctx = { now: Timestamp.fromMillis(0) };
const build = (yaml: string) => letterProcessor.compile(letterProcessor.parse(readYamlRoot(yaml).map('letter')));

describe('letter processor', () => {
  it.each([
    ['upper', 'straße', 'STRASSE'],
    ['lower', 'ÉCOLE', 'école'],
    ['capital', '𝒶bc', '𝒶bc'],
    ['capital', 'élan vital', 'Élan vital'],
  ])('%s: %s -> %s', (method, input, output) => {
    expect(build(`letter:\n  field: m\n  method: ${method}\n`).exec({ m: input }, ctx)).toEqual({ m: output });
  });
});
