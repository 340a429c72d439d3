import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { Timestamp } from '../value/timestamp.js';
import type { Doc } from '../value/value.js';
import { epochProcessor } from './epoch.js';

const ctx = { now: new Timestamp(0n) };
const build = (yaml: string) => epochProcessor.compile(epochProcessor.parse(readYamlRoot(yaml).map('epoch')));
const run = (yaml: string, doc: Doc) => build(yaml).exec(doc, ctx) as Doc;

describe('epoch processor', () => {
  it('converts with the resolution and keeps it as the unit', () => {
    expect(run('epoch:\n  field: t\n  resolution: s', { t: 1722580862 })).toEqual({ t: new Timestamp(1722580862000000000n, 's') });
    expect(run('epoch:\n  field: t', { t: '1722580887794' })).toEqual({ t: new Timestamp(1722580887794000000n, 'ms') });
  });

  it('keeps bigint integers exact', () => {
    expect(run('epoch:\n  field: t\n  resolution: ns', { t: 1722580905423969123n }).t).toEqual(new Timestamp(1722580905423969123n, 'ns'));
  });

  it('rename, several fields, Timestamp pass-through', () => {
    const ts = new Timestamp(1n, 'ns');
    const out = run('epoch:\n  fields: ["a, at", b]\n  resolution: us', { a: 2, b: ts });
    expect(out).toEqual({ a: 2, at: new Timestamp(2000n, 'us'), b: ts });
  });

  it('errors: bad values, missing fields, bad config', () => {
    expect(() => build('epoch:\n  field: t').exec({ t: 'soon' }, ctx)).toThrow("epoch (field 't'): 'soon' is not an integer epoch");
    expect(() => build('epoch:\n  field: t').exec({ t: Number.NaN }, ctx)).toThrow(/finite number/);
    expect(() => build('epoch:\n  field: t').exec({}, ctx)).toThrow(/field is missing/);
    expect(run('epoch:\n  field: t\n  ignore_missing: true', {})).toEqual({});
    expect(() => build('epoch:\n  field: t\n  resolution: hours')).toThrow(/epoch\.resolution \(line 3, column 15\): unknown resolution 'hours'/);
    expect(() => build('epoch:\n  field: t\n  resolutoin: s')).toThrow(/did you mean 'resolution'/);
  });
});
