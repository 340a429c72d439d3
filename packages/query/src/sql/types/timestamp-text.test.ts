import { describe, expect, it } from 'vitest';
import { parseTimestampText } from './timestamp-text.js';

const ms = (iso: string) => BigInt(Date.parse(iso)) * 1_000_000n;

describe('timestamp texts', () => {
  it('reads dates, times, fractions and offsets', () => {
    expect(parseTimestampText('2026-03-01')).toBe(ms('2026-03-01T00:00:00Z'));
    expect(parseTimestampText('2026-03-01 00:30:00')).toBe(ms('2026-03-01T00:30:00Z'));
    expect(parseTimestampText('2026-03-01T00:30:00.123456789Z')).toBe(ms('2026-03-01T00:30:00.123Z') + 456_789n);
    expect(parseTimestampText('2026-03-01T08:30:00+08:00')).toBe(ms('2026-03-01T00:30:00Z'));
    expect(parseTimestampText('2026-03-01 00:30:00 -0130')).toBe(ms('2026-03-01T02:00:00Z'));
  });
  it('reads texts without offset in the given zone (with DST)', () => {
    expect(parseTimestampText('2026-03-01 08:30:00', 'Asia/Shanghai')).toBe(ms('2026-03-01T00:30:00Z'));
    expect(parseTimestampText('2026-07-01 12:00:00', 'Europe/Berlin')).toBe(ms('2026-07-01T10:00:00Z'));
    expect(parseTimestampText('2026-07-01 12:00:00Z', 'Europe/Berlin')).toBe(ms('2026-07-01T12:00:00Z'));
  });
  it('rejects what is not a timestamp', () => {
    expect(parseTimestampText('yesterday')).toBeUndefined();
    expect(parseTimestampText('2026-03-01 25')).toBeUndefined();
  });
});

describe('parseTimestampText: no calendar rollover', () => {
  it('refuses impossible dates and times, accepts leap days', () => {
    for (const bad of ['1993-20-14 00:00:00', '1993-08-99 00:00:00', '1993-02-29 00:00:00', '1900-02-29 00:00:00', '1900-1-1 59:59:23', '2024-04-31']) {
      expect(parseTimestampText(bad), bad).toBeUndefined();
    }
    expect(parseTimestampText('1992-02-29 00:00:00')).toBe(BigInt(Date.UTC(1992, 1, 29)) * 1_000_000n);
    expect(parseTimestampText('2000-02-29')).toBe(BigInt(Date.UTC(2000, 1, 29)) * 1_000_000n);
  });
});
