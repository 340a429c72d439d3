import { describe, expect, it } from 'vitest';
import { Timestamp } from '../value/timestamp.js';
import { TimeFormatError, TimeParseError, TimeZoneError } from './errors.js';
import { formatStrftime } from './strftime.js';
import { compileStrptime, compileStrptimeMatcher } from './strptime.js';
import { NUM_FIELDS, OP } from './strptime-ops.js';

describe('compileStrptime', () => {
  it('the numeric codes the scanner switches on are pinned', () => {
    // strptime.ts switches on these numbers literally (for speed): changing the order here breaks it.
    expect(NUM_FIELDS).toEqual(['year', 'yearDiv100', 'yearMod100', 'isoYear', 'isoYearMod100', 'month', 'day', 'weekFromSun', 'weekFromMon',
      'isoWeek', 'numDaysFromSun', 'weekdayFromMon', 'ordinal', 'hour', 'hour12', 'minute', 'second', 'nanosecond', 'timestamp']);
    expect(OP).toEqual({ LIT: 0, SPACE: 1, NUM: 2, DOT_FRAC: 3, FRAC: 4, NAME: 5, TZ_NAME: 6, OFFSET: 7, DATE_TIME_SEP: 8 });
  });

  it('returns a parser giving exact nanosecond timestamps', () => {
    const parse = compileStrptime('%Y-%m-%d %H:%M:%S%.f');
    expect(parse('2024-05-25 20:16:37.217123456')).toEqual(new Timestamp(1716668197217123456n, 'ns'));
  });

  it('throws TimeParseError naming the input, the format and the reason', () => {
    const parse = compileStrptime('%Y-%m-%d %H:%M:%S');
    let err: unknown;
    try {
      parse('2024-05-25 20:16');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TimeParseError);
    expect(err).toMatchObject({ input: '2024-05-25 20:16', format: '%Y-%m-%d %H:%M:%S', code: 1004 });
    expect((err as Error).message).toBe("cannot parse '2024-05-25 20:16' with format '%Y-%m-%d %H:%M:%S': input is too short for the format");
  });

  it('rejects bad formats, zones and locales when compiling', () => {
    expect(() => compileStrptime('%Y %Q')).toThrow(TimeFormatError);
    expect(() => compileStrptime('%Y %')).toThrow(/incomplete/);
    expect(() => compileStrptime('%-b')).toThrow(/padding/);
    expect(() => compileStrptime('%Y', { timezone: 'Atlantis/Capital' })).toThrow(TimeZoneError);
    expect(() => compileStrptime('%Y', { locale: 'not a locale!' })).toThrow(TimeFormatError);
  });

  it('a matcher reports failure without throwing and can be reused', () => {
    const m = compileStrptimeMatcher('%d/%b/%Y:%H:%M:%S %z');
    expect(m.tryParse('30/Foo/1998:22:00:52 +0000')).toBeUndefined();
    expect(m.lastError).toMatch(/does not match/);
    expect(m.tryParse('30/Apr/1998:22:00:52 +0000')?.ns).toBe(893973652000000000n);
    expect(m.tryParse('30/Apr/1998:22:00:52 -0130')?.ns).toBe(893973652000000000n + 5_400_000_000_000n);
  });

  it('fields set twice must agree', () => {
    const parse = compileStrptime('%Y-%m-%d %H:%M %Y');
    expect(parse('2024-01-02 03:04 2024').ns).toBe(1704164640000000000n);
    expect(() => parse('2024-01-02 03:04 2025')).toThrow(/contradict/);
  });

  it('%s must agree with the other fields given', () => {
    const parse = compileStrptime('%s %Y');
    expect(parse('0 1970').ns).toBe(0n);
    expect(() => parse('0 1971')).toThrow(/contradict/);
  });

  // Format an instant, parse it back: many instants (seeded), many formats, several zones.
  it('round-trips formatStrftime through compileStrptime', () => {
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const cases: [string, string | undefined, bigint][] = [
      ['%Y-%m-%dT%H:%M:%S%.9f%:z', 'Europe/Berlin', 1n],
      ['%a, %d %b %Y %H:%M:%S %z', 'America/New_York', 1_000_000_000n],
      ['%A %e %B %Y %I:%M:%S %p %z', 'Asia/Kolkata', 1_000_000_000n],
      ['%G-W%V-%u %T%.6f %z', 'Australia/Sydney', 1_000n],
      ['%Y %j %H:%M:%S%.3f %#z', undefined, 1_000_000n],
      ['%+', 'Pacific/Chatham', 1n],
      ['%s%.f', undefined, 1n],
      ['%c %z', 'UTC', 1_000_000_000n],
    ];
    for (const [format, zone, step] of cases) {
      const parse = compileStrptime(format);
      for (let k = 0; k < 200; k++) {
        const ns = (BigInt(Math.floor(rand() * 7e9) - 2e9) * 1_000_000_000n + BigInt(Math.floor(rand() * 1e9))) / step * step;
        const text = formatStrftime(new Timestamp(ns), format.replace('%#z', '%z'), zone);
        expect(parse(text).ns, `${format} ${zone} ${text}`).toBe(ns);
      }
    }
  });
});
