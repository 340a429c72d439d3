import { describe, expect, it } from 'vitest';
import { Timestamp } from '../value/timestamp.js';
import { TimeFormatError, TimeZoneError } from './errors.js';
import { formatStrftime } from './strftime.js';

// 2024-01-07 08:05:03.026490 UTC, a Sunday. Expected texts of the specifiers C's strftime shares
// with chrono were produced by Python's datetime.strftime.
const T = new Timestamp(1704614703_026490000n);

describe('formatStrftime', () => {
  const shared: [string, string][] = [
    ['%Y', '2024'], ['%C', '20'], ['%y', '24'], ['%m', '01'], ['%b', 'Jan'], ['%B', 'January'], ['%h', 'Jan'],
    ['%d', '07'], ['%e', ' 7'], ['%a', 'Sun'], ['%A', 'Sunday'], ['%w', '0'], ['%u', '7'], ['%U', '01'], ['%W', '01'],
    ['%G', '2024'], ['%g', '24'], ['%V', '01'], ['%j', '007'], ['%D', '01/07/24'], ['%x', '01/07/24'], ['%F', '2024-01-07'],
    ['%H', '08'], ['%I', '08'], ['%p', 'AM'], ['%M', '05'], ['%S', '03'], ['%R', '08:05'], ['%T', '08:05:03'],
    ['%X', '08:05:03'], ['%r', '08:05:03 AM'], ['%c', 'Sun Jan  7 08:05:03 2024'], ['%%', '%'],
  ];
  for (const [f, want] of shared) it(`${f} -> ${JSON.stringify(want)}`, () => expect(formatStrftime(T, f)).toBe(want));

  it('chrono-only specifiers', () => {
    expect(formatStrftime(T, '%k|%l|%P|%v')).toBe(' 8| 8|am| 7-Jan-2024');
    expect(formatStrftime(T, '%.f|%.3f|%.6f|%.9f|%3f|%6f|%9f|%f')).toBe('.026490|.026|.026490|.026490000|026|026490|026490000|026490000');
    expect(formatStrftime(T, '%s')).toBe('1704614703');
    expect(formatStrftime(T, '%z|%:z|%::z|%:::z|%Z')).toBe('+0000|+00:00|+00:00:00|+00|UTC');
    expect(formatStrftime(T, '%+')).toBe('2024-01-07T08:05:03.026490+00:00');
    expect(formatStrftime(T, '%t%n')).toBe('\t\n');
  });

  it('padding modifiers', () => {
    expect(formatStrftime(T, '%-d|%_m|%0e|%-H|%_j')).toBe('7| 1|07|8|  7');
  });

  it('%.f drops a zero fraction and picks 3, 6 or 9 digits', () => {
    expect(formatStrftime(new Timestamp(1_000_000_000n), '%S%.f')).toBe('01');
    expect(formatStrftime(new Timestamp(1_500_000_000n), '%S%.f')).toBe('01.500');
    expect(formatStrftime(new Timestamp(1_000_000_001n), '%S%.f')).toBe('01.000000001');
  });

  it('converts to a time zone (VRL format_timestamp examples)', () => {
    const t = new Timestamp(1612999920_000000000n); // 2021-02-10T23:32:00Z
    expect(formatStrftime(t, '%d %B %Y %H:%M')).toBe('10 February 2021 23:32');
    expect(formatStrftime(t, '%d %B %Y %H:%M', 'Europe/Berlin')).toBe('11 February 2021 00:32');
    expect(formatStrftime(new Timestamp(1603296000_000000000n), '%+')).toBe('2020-10-21T16:00:00+00:00');
    expect(formatStrftime(t, '%H:%M %z', 'Asia/Kolkata')).toBe('05:02 +0530');
    expect(formatStrftime(t, '%H:%M %:z', '-03:30')).toBe('20:02 -03:30');
    expect(formatStrftime(t, '%Z', 'America/New_York')).toBe('EST');
  });

  it('ISO week-year differs from the calendar year at the edges', () => {
    const t = new Timestamp(1609542000_000000000n); // 2021-01-01T23:00:00Z, a Friday
    expect(formatStrftime(t, '%G %V %U %W %j %u %w')).toBe('2020 53 00 00 001 5 5');
  });

  it('instants before 1970 floor correctly', () => {
    expect(formatStrftime(new Timestamp(-1n), '%Y-%m-%d %H:%M:%S%.9f')).toBe('1969-12-31 23:59:59.999999999');
  });

  it('rejects bad formats and zones with typed errors', () => {
    expect(() => formatStrftime(T, '%Q')).toThrow(TimeFormatError);
    expect(() => formatStrftime(T, '%#z')).toThrow(/only be used for parsing/);
    expect(() => formatStrftime(T, '%Y', 'Nowhere/Town')).toThrow(TimeZoneError);
  });
});
