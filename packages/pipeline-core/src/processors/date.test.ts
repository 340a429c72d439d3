import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { PipelineConfigError, ProcessorError } from '../errors/index.js';
import { Timestamp } from '../value/timestamp.js';
import type { Doc } from '../value/value.js';
import { DEFAULT_DATE_FORMATS, dateProcessor } from './date.js';

const ctx = { now: new Timestamp(0n) };
const build = (yaml: string) => dateProcessor.compile(dateProcessor.parse(readYamlRoot(yaml).map('date')));
const run = (yaml: string, doc: Doc) => build(yaml).exec(doc, ctx) as Doc;

describe('date processor', () => {
  it('parses with the formats and writes a nanosecond Timestamp', () => {
    const out = run('date:\n  field: t\n  formats: ["%d/%b/%Y:%H:%M:%S %z"]', { t: '30/Apr/1998:22:00:52 +0000', x: 1 });
    expect(out).toEqual({ t: new Timestamp(893973652000000000n, 'ns'), x: 1 });
  });

  it('gives the same instant for a text repeated, between other texts and failures', () => {
    const p = build('date:\n  field: t\n  formats: ["%d/%b/%Y:%H:%M:%S %z", "%Y"]');
    const texts = ['01/Mar/2024:00:00:00 +0000', '01/Mar/2024:00:00:00 +0000', '2020', 'bad', '01/Mar/2024:00:00:00 +0000', '01/Mar/2024:00:00:01 +0100', '2020'];
    const got = texts.map((t) => {
      try {
        return (p.exec({ t }, ctx) as Doc).t as Timestamp;
      } catch {
        return undefined;
      }
    });
    const fresh = texts.map((t) => {
      try {
        return (build('date:\n  field: t\n  formats: ["%d/%b/%Y:%H:%M:%S %z", "%Y"]').exec({ t }, ctx) as Doc).t as Timestamp;
      } catch {
        return undefined;
      }
    });
    expect(got).toEqual(fresh);
    expect(got[3]).toBeUndefined();
    expect(got[1]).toBe(got[0]); // one object for a text repeated
    expect(got[5]!.ns).toBe(BigInt(Date.UTC(2024, 1, 29, 23, 0, 1)) * 1_000_000n);
  });

  it('writes to the rename target and handles several fields', () => {
    const out = run('date:\n  fields: ["a, when", b]\n  formats: ["%Y-%m-%d %H:%M"]', { a: '2024-01-01 00:00', b: '2024-01-02 00:00' });
    expect(out.a).toBe('2024-01-01 00:00');
    expect((out.when as Timestamp).ns).toBe(1704067200000000000n);
    expect((out.b as Timestamp).ns).toBe(1704153600000000000n);
  });

  it('uses GreptimeDB default formats when formats is absent or empty', () => {
    expect(dateProcessor.parse(readYamlRoot('date:\n  field: t').map('date')).formats).toBe(DEFAULT_DATE_FORMATS);
    expect(dateProcessor.parse(readYamlRoot('date:\n  field: t\n  formats: []').map('date')).formats).toBe(DEFAULT_DATE_FORMATS);
    expect((run('date:\n  field: t', { t: '2014-5-17T12:34:56.000-0930' }).t as Timestamp).ns).toBe(1400364296000000000n);
  });

  it('reads local times in the timezone', () => {
    const out = run('date:\n  field: t\n  formats: ["%Y-%m-%d %H:%M:%S"]\n  timezone: Asia/Tokyo', { t: '2014-05-17 13:34:56' });
    expect((out.t as Timestamp).ns).toBe(1400301296000000000n);
  });

  it('a failure names the field, the value and every format tried with its reason', () => {
    const p = build('date:\n  field: t\n  formats: ["%Y-%m-%d", "%H:%M"]');
    expect(() => p.exec({ t: 'yesterday' }, ctx)).toThrow(ProcessorError);
    expect(() => p.exec({ t: 'yesterday' }, ctx)).toThrow(
      "date (field 't'): cannot parse 'yesterday' with any of the formats: '%Y-%m-%d' (input does not match the format), '%H:%M' (input does not match the format)",
    );
  });

  it('non-strings are an error; a Timestamp passes through', () => {
    const p = build('date:\n  field: t');
    expect(() => p.exec({ t: 17 }, ctx)).toThrow("date (field 't'): expected a string, got integer");
    const ts = new Timestamp(5n, 'ms');
    expect(p.exec({ t: ts }, ctx)).toEqual({ t: ts });
  });

  it('missing fields: error, or skipped with ignore_missing', () => {
    expect(() => build('date:\n  field: t').exec({}, ctx)).toThrow(/field is missing/);
    expect(run('date:\n  field: t\n  ignore_missing: true', { t: null })).toEqual({ t: null });
  });

  it('config errors carry the path and position of the bad key', () => {
    const bad = (yaml: string) => () => build(yaml);
    expect(bad('date:\n  field: t\n  formats: ["%Y-%Q"]')).toThrow(PipelineConfigError);
    expect(bad('date:\n  field: t\n  formats: ["%Y-%Q"]')).toThrow("formats (line 3, column 12): invalid time format '%Y-%Q': unknown specifier '%Q'");
    expect(bad('date:\n  field: t\n  timezone: Moon/Base')).toThrow(/^date\.timezone \(line 3, column 13\): unknown time zone 'Moon\/Base'/);
    expect(bad('date:\n  field: t\n  locale: "!!"')).toThrow(/date\.locale .*locale/);
    expect(bad('date:\n  field: t\n  format: ["%Y"]')).toThrow(/unknown key 'format'.*did you mean 'formats'/);
    expect(bad('date:\n  formats: ["%Y"]')).toThrow(/missing required key 'field'/);
  });
});
