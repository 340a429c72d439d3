import { describe, expect, it } from 'vitest';
import { formatVersion, parseVersion, VersionClock } from './pipeline-version.js';

describe('pipeline versions', () => {
  it('format and parse UTC creation times with nanoseconds', () => {
    const ns = BigInt(Date.UTC(2024, 4, 25, 20, 27, 30)) * 1_000_000n + 123_456_789n;
    expect(formatVersion(ns)).toBe('2024-05-25 20:27:30.123456789');
    expect(parseVersion('2024-05-25 20:27:30.123456789')).toBe(ns);
    expect(parseVersion('2024-05-25T20:27:30Z')).toBeUndefined();
  });

  it('never repeats or goes back, even with a frozen clock or an observed later version', () => {
    const c = new VersionClock(() => 1000);
    const a = c.next();
    const b = c.next();
    expect(b > a).toBe(true);
    c.observe('2099-01-01 00:00:00.000000000');
    expect(c.next()).toBe('2099-01-01 00:00:00.000000001');
  });
});
