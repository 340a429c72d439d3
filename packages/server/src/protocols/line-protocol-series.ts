/**
 * The series keys of one line-protocol body (line-protocol.ts): lines of a series seen before take its
 * measurement and tags from here instead of reading them again.
 */

/** The measurement and tags (`[k0, v0, k1, v1, ...]`) a series key's first line gave. */
export interface SeriesEntry {
  /** The key's text, which holds no space (see SeriesCache). */
  readonly key: string;
  readonly measurement: string;
  readonly tags: readonly string[];
  /** The series of the line that followed this series' last line (the guess for the next time). */
  next: SeriesEntry | undefined;
}

/** Series keys remembered per body, at most. */
const SERIES_CACHE_MAX = 65_536;

/**
 * The series of a body by the text of their key: a line whose key text was seen before has the same
 * measurement and tags, so they are not read again and the sink gets the same strings (no string is
 * made for the line's key or tags, and the store groups rows by series with equal, already hashed
 * values). A line's candidate key is its text up to the first space (found natively, `indexOf`),
 * looked up in a Map by that slice (hashed and compared natively). Only a key read in full that ended
 * at that space is remembered, so a remembered key holds no tab, line end or escaped space, and a
 * candidate equal to one reads the same. Before that, the series that followed the line before's
 * series last time is tried (`next`: lines mostly come in the same order of series, one gather after
 * another). Off once misses outnumber hits (bodies of mostly distinct series).
 */
export class SeriesCache {
  readonly byKey = new Map<string, SeriesEntry>();
  /** The series of the line before (undefined when that line's key was not remembered). */
  prev: SeriesEntry | undefined = undefined;
  hits = 0;
  misses = 0;
  on = true;
  /** The first space at or after the last position searched from (-1: none), see keyEnd. */
  private nextSp = -2;
  /** The first line end at or after the last position searched from (-1: none), see keyEnd. */
  private nextNl = -2;

  /**
   * Where the candidate key of a line starting at `from` ends: its first space, or -1 when there is
   * none on the line. Searches on from the last space and line end found, so a body is searched once
   * in all, and a candidate never reaches past its line (lines that separate with tabs would otherwise
   * take everything up to some later line's space as their candidate, hashed for every line).
   */
  keyEnd(text: string, from: number): number {
    let sp = this.nextSp;
    if (sp !== -1 && sp < from) sp = this.nextSp = text.indexOf(' ', from);
    if (sp <= from) return -1;
    let nl = this.nextNl;
    if (nl !== -1 && nl < from) nl = this.nextNl = text.indexOf('\n', from);
    return nl !== -1 && nl < sp ? -1 : sp;
  }

  /** Takes `e` as the series of the current line: it becomes the guess after the line before's series. */
  follow(e: SeriesEntry | undefined): void {
    if (this.prev !== undefined) this.prev.next = e;
    this.prev = e;
  }

  add(key: string, measurement: string, tags: readonly string[]): void {
    this.misses++;
    const e: SeriesEntry = { key, measurement, tags, next: undefined };
    if (this.byKey.size < SERIES_CACHE_MAX) this.byKey.set(key, e);
    this.follow(e);
    if (this.misses > 1024 && this.misses > this.hits) {
      this.on = false;
      this.byKey.clear();
      this.prev = undefined;
    }
  }
}
