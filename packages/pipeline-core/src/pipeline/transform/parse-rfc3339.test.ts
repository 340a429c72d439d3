import { describe, expect, it } from 'vitest';
import { parseRfc3339 } from './parse-rfc3339.js';

describe('parseRfc3339', () => {
  it('parses offsets and fractions exactly', () => {
    expect(parseRfc3339('1970-01-01T00:00:00.000000001Z')!.ns).toBe(1n);
    expect(parseRfc3339('1970-01-01T01:00:00+01:00')!.ns).toBe(0n);
    expect(parseRfc3339('1970-01-01T00:00:00-0130')!.ns).toBe(5_400_000_000_000n);
    expect(parseRfc3339('1969-12-31T23:59:59.5Z')!.ns).toBe(-500_000_000n);
  });

  it('gives the unit of the written precision', () => {
    expect(parseRfc3339('2024-01-01')!.unit).toBe('s');
    expect(parseRfc3339('2024-01-01T00:00:00.123Z')!.unit).toBe('ms');
    expect(parseRfc3339('2024-01-01T00:00:00.123456Z')!.unit).toBe('us');
  });

  it('rejects impossible dates and other text', () => {
    expect(parseRfc3339('2024-02-30T00:00:00Z')).toBeUndefined();
    expect(parseRfc3339('2024-13-01')).toBeUndefined();
    expect(parseRfc3339('12/01/2024')).toBeUndefined();
  });
});
