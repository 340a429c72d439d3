import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SeriesIds, seriesId } from './series-ids.js';

describe('SeriesIds', () => {
  it('is the first 8 bytes of SHA-1 over the tag key, as UInt64 text (what stored rows carry)', () => {
    const key = 'host\\tweb-1\\tlevel\\terror';
    expect(seriesId(key)).toBe(createHash('sha1').update(key).digest().readBigUInt64BE(0).toString());
    // A fixed value: changing the hash would split every stored series in two.
    expect(seriesId('')).toBe('15724779818122431245');
  });
  it('answers a cached key with the same id and stays within its capacity', () => {
    const ids = new SeriesIds(8);
    const first = Array.from({ length: 20 }, (_, i) => ids.of(`host\\th${i}`));
    expect(ids.size).toBeLessThanOrEqual(8);
    expect(Array.from({ length: 20 }, (_, i) => ids.of(`host\\th${i}`))).toEqual(first);
    expect(first.map((_, i) => seriesId(`host\\th${i}`))).toEqual(first);
  });
});
