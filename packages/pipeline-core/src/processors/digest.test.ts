import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { Timestamp } from '../value/timestamp.js';
import type { Doc } from '../value/value.js';
import { digestProcessor } from './digest.js';

const ctx = { now: new Timestamp(0n) };
const build = (yaml: string) => digestProcessor.compile(digestProcessor.parse(readYamlRoot(yaml).map('digest')));
const run = (yaml: string, doc: Doc) => build(yaml).exec(doc, ctx) as Doc;

describe('digest processor', () => {
  it('removes every preset kind and writes {field}_digest', () => {
    const line = 'GET /api/42 from 10.1.2.3:443 id=123e4567-e89b-12d3-a456-426614174000 "curl" [ok]';
    const out = run('digest:\n  field: m\n  presets: [uuid, ip, quoted, bracketed, numbers]', { m: line });
    expect(out.m).toBe(line);
    expect(out.m_digest).toBe('GET /api/ from  id=  ');
  });

  it('the same template for lines that differ only in variables', () => {
    const p = build('digest:\n  field: m\n  presets: [numbers, quoted]');
    const a = p.exec({ m: 'user "bob" logged in after 3 tries' }, ctx) as Doc;
    const b = p.exec({ m: "user 'alice' logged in after 12 tries" }, ctx) as Doc;
    expect(a.m_digest).toBe(b.m_digest);
  });

  it('user regex runs on RE2 (a catastrophic pattern for backtracking engines stays linear)', () => {
    const out = run('digest:\n  field: m\n  regex: ["(a+)+$"]', { m: 'a'.repeat(5000) + 'b' });
    expect(out.m_digest).toBe('a'.repeat(5000) + 'b');
  });

  it('missing and ignore_missing', () => {
    expect(() => build('digest:\n  field: m\n  presets: [numbers]').exec({}, ctx)).toThrow(/field is missing/);
    expect(run('digest:\n  field: m\n  presets: [numbers]\n  ignore_missing: true', {})).toEqual({});
  });

  it('config errors name the key', () => {
    expect(() => build('digest:\n  field: m\n  presets: [numbers, email]')).toThrow(/digest\.presets .*entry 1: unknown preset 'email'/);
    expect(() => build('digest:\n  field: m\n  regex: ["[a-"]')).toThrow(/digest\.regex .*entry 0: invalid regular expression/);
    expect(() => build('digest:\n  field: m\n  preset: [numbers]')).toThrow(/did you mean 'presets'/);
  });
});
