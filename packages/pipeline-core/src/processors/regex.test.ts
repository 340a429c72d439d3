import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { Timestamp } from '../value/timestamp.js';
import { compileNamedGroupRegex, regexProcessor } from './regex.js';

const ctx = { now: Timestamp.fromMillis(0) };
const build = (yaml: string) => regexProcessor.compile(regexProcessor.parse(readYamlRoot(yaml).map('regex')));

describe('compileNamedGroupRegex', () => {
  it('lists named groups in pattern order, for both syntaxes', () => {
    const r = compileNamedGroupRegex('(?P<b>x)(y)(?<a>z)');
    expect(typeof r === 'string' ? r : r.groups).toEqual(['b', 'a']);
  });

  it('explains a pattern without named groups or with bad syntax', () => {
    expect(compileNamedGroupRegex('(x)')).toContain('has no named group');
    expect(compileNamedGroupRegex('(?<a>x')).toMatch(/^invalid regular expression "\(\?<a>x": /);
  });
});

describe('regex processor', () => {
  it('adds <field>_<group> for each named group', () => {
    const p = build("regex:\n  field: message\n  patterns:\n    - '\\[(?<level>[A-Z]+)\\] (?<content>.+)'\n");
    expect(p.exec({ message: '[ERROR] error message' }, ctx)).toEqual({
      message: '[ERROR] error message',
      message_level: 'ERROR',
      message_content: 'error message',
    });
  });

  it('reports an invalid pattern with its position in the YAML', () => {
    expect(() => build("regex:\n  field: message\n  pattern: '(?<a>'\n")).toThrow(/^regex\.pattern \(line 3, column 12\): invalid regular expression "\(\?<a>"/);
  });
});
