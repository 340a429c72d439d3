import { describe, expect, it } from 'vitest';
import { parseRfc3339 } from './rfc3339.js';

const ns = (t: string) => parseRfc3339(t)?.ns;

describe('parseRfc3339', () => {
  it('reads RFC 3339 with Z, offsets and fractions exactly', () => {
    expect(ns('2024-06-27T06:13:36.991Z')).toBe(1719468816991000000n);
    expect(ns('2021-02-03T21:13:54.713161211Z')).toBe(1612386834713161211n);
    expect(ns('2024-05-25T20:16:37.217+08:00')).toBe(1716639397217000000n);
    expect(ns('2024-05-25t20:16:37-0130')).toBe(1716668197000000000n + 5400000000000n);
    expect(ns('2024-05-25T20:16:37z')).toBe(1716668197000000000n);
  });

  it("accepts 'YYYY-MM-DD HH:MM:SS[.f]' with or without an offset (none = UTC)", () => {
    expect(ns('2024-05-25 20:16:37')).toBe(1716668197000000000n);
    expect(ns('2024-05-25 20:16:37.5')).toBe(1716668197500000000n);
    expect(ns('2024-05-25 20:16:37.123456789123')).toBe(1716668197123456789n);
    expect(ns('2024-05-25 20:16:37+02:00')).toBe(1716668197000000000n - 7200000000000n);
  });

  it('gives the unit ns and handles times before 1970', () => {
    expect(parseRfc3339('1969-12-31T23:59:59.5Z')).toMatchObject({ ns: -500000000n, unit: 'ns' });
  });

  it('returns undefined for anything else', () => {
    for (const bad of ['', '2024-05-25', '2024-05-25T20:16', '2024-5-25T20:16:37Z', '2024-02-30T00:00:00Z', '2024-05-25T24:00:00Z',
      '2024-05-25T20:16:37.Z', '2024-05-25T20:16:37+2', '2024-05-25T20:16:37Zx', '2024-05-25X20:16:37Z', 'abcd-ef-ghTij:kl:mn']) {
      expect(parseRfc3339(bad), bad).toBeUndefined();
    }
  });
});
