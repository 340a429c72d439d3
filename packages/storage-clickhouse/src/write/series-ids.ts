import { createHash } from 'node:crypto';

/**
 * `__series` of a row: the first 8 bytes of SHA-1 over its tag key (tag names and encoded values,
 * tab-separated), as UInt64 decimal text. Every Sluice server computes the same id for the same tags,
 * so rows of one series written through different servers merge. A hash costs a few µs, and series
 * repeat from request to request: the ids of recent keys are kept, up to `capacity` (then the oldest
 * half is dropped; a miss only costs the hash again).
 */
export class SeriesIds {
  private readonly ids = new Map<string, string>();

  constructor(private readonly capacity = 65_536) {}

  of(tagKey: string): string {
    let id = this.ids.get(tagKey);
    if (id !== undefined) return id;
    id = seriesId(tagKey);
    if (this.ids.size >= this.capacity) {
      let drop = this.capacity >> 1;
      for (const k of this.ids.keys()) {
        this.ids.delete(k);
        if (--drop === 0) break;
      }
    }
    this.ids.set(tagKey, id);
    return id;
  }

  get size(): number {
    return this.ids.size;
  }
}

export function seriesId(tagKey: string): string {
  return createHash('sha1').update(tagKey).digest().readBigUInt64BE(0).toString();
}
