import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration.js';

describe('parseDuration', () => {
  it.each([
    ['1d', 86_400_000],
    ['7d', 604_800_000],
    ['30m', 1_800_000],
    ['1h30m', 5_400_000],
    ['7d 12h', 648_000_000],
    ['500ms', 500],
    ['2 hours', 7_200_000],
    ['1y', 31_557_600_000],
  ])('%s', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', 'abc', '10', '5 parsecs', '1d!'])('rejects %j', (text) => expect(() => parseDuration(text)).toThrow(/duration/));

  it('formats back', () => expect(formatDuration(5_400_000)).toBe('1h 30m'));
});
