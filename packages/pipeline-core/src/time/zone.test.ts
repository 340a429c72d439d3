import { describe, expect, it } from 'vitest';
import { TimeZoneError } from './errors.js';
import { LOCAL_AMBIGUOUS, LOCAL_GAP, resolveTimeZone, UTC } from './zone.js';

const local = (y: number, mo: number, d: number, h: number, mi = 0) => Date.UTC(y, mo - 1, d, h, mi);

describe('resolveTimeZone', () => {
  it('UTC, fixed offsets and IANA names', () => {
    expect(resolveTimeZone(undefined)).toBe(UTC);
    expect(resolveTimeZone('utc')).toBe(UTC);
    expect(resolveTimeZone('+08:00').offsetForLocal(0)).toBe(28800);
    expect(resolveTimeZone('-0530').offsetAtUtc(0)).toBe(-19800);
    expect(resolveTimeZone('UTC+8').offsetAtUtc(0)).toBe(28800);
    expect(resolveTimeZone('Asia/Shanghai').offsetAtUtc(0)).toBe(28800);
    expect(resolveTimeZone('Asia/Shanghai')).toBe(resolveTimeZone('Asia/Shanghai')); // cached
  });

  it('unknown names are a typed error', () => {
    expect(() => resolveTimeZone('Mars/Olympus')).toThrow(TimeZoneError);
    expect(() => resolveTimeZone('+25:00')).toThrow(TimeZoneError);
    expect(() => resolveTimeZone('')).toThrow(TimeZoneError);
  });

  it('local times: normal, DST gap, DST overlap (and the cache gives the same answers)', () => {
    const ny = resolveTimeZone('America/New_York');
    for (let pass = 0; pass < 2; pass++) {
      expect(ny.offsetForLocal(local(2024, 1, 15, 12))).toBe(-18000);
      expect(ny.offsetForLocal(local(2024, 7, 15, 12))).toBe(-14400);
      expect(ny.offsetForLocal(local(2024, 3, 10, 2, 30))).toBe(LOCAL_GAP);
      expect(ny.offsetForLocal(local(2024, 3, 10, 1, 59))).toBe(-18000);
      expect(ny.offsetForLocal(local(2024, 3, 10, 3, 0))).toBe(-14400);
      expect(ny.offsetForLocal(local(2024, 11, 3, 1, 30))).toBe(LOCAL_AMBIGUOUS);
      expect(ny.offsetForLocal(local(2024, 11, 3, 2, 0))).toBe(-18000);
    }
  });

  it('half-hour DST shifts (Lord Howe) and abbreviations', () => {
    const lh = resolveTimeZone('Australia/Lord_Howe');
    expect(lh.offsetForLocal(local(2024, 1, 1, 12))).toBe(39600);
    expect(lh.offsetForLocal(local(2024, 7, 1, 12))).toBe(37800);
    expect(resolveTimeZone('America/New_York').abbreviation(Date.UTC(2024, 0, 1))).toBe('EST');
    expect(UTC.abbreviation(0)).toBe('UTC');
    expect(resolveTimeZone('+05:30').abbreviation(0)).toBe('+05:30');
  });
});
