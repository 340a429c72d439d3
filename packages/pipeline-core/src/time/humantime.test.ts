import { describe, expect, it } from 'vitest';
import { formatHumantime } from './humantime.js';

describe('formatHumantime', () => {
  it('prints TTLs as GreptimeDB does (humantime)', () => {
    expect(formatHumantime(7 * 86_400_000)).toBe('7days');
    expect(formatHumantime(86_400_000)).toBe('1day');
    expect(formatHumantime(30_000)).toBe('30s');
    expect(formatHumantime(90 * 60_000)).toBe('1h 30m');
    expect(formatHumantime(1500)).toBe('1s 500ms');
    expect(formatHumantime(31 * 86_400_000)).toBe('1month 13h 26m 24s');
  });
});
