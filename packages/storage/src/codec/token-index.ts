import { CODEC_LZ4, CODEC_NONE } from './block.js';
import { Lz4Cursor, lz4RawLength } from './lz4-decode.js';
import { noRows, type RowBits } from './row-bits.js';
import { bloomHasAt } from './token-bloom.js';

/** How a token's rows are stored in the postings block (codec/text-index.ts). */
export const POSTINGS_LIST = 0;
export const POSTINGS_BITMAP = 1;

/** A test of one token: its bytes are `bytes[from, to)` (ASCII word characters). */
export type TokenTest = (bytes: Uint8Array, from: number, to: number) => boolean;

/**
 * The frequent tokens of one column of one chunk (codec/text-index.ts), read where they are stored: the
 * tokens are tested as bytes (no string per token), and the postings block is decompressed (in
 * JavaScript, into a buffer shared by every index) only when a token matches and only as far as the last
 * matching token's postings, walked once for the matching tokens' rows.
 */
export class TokenIndex {
  readonly kind = 'tokens';
  /**
   * The index as stored in `buf` (codec/text-index.ts): three filters at `filtersAt` (rare words,
   * rare trigrams, the lowercase forms of the frequent tokens), the tokens at `tokensAt` (varint count |
   * varint length | the tokens joined by newlines), the postings block at `postingsAt` to `end`
   * (codec/block.ts). Nothing is read until asked for.
   */
  constructor(
    private readonly buf: Uint8Array,
    private readonly filtersAt: readonly [number, number, number],
    private readonly tokensAt: number,
    private readonly postingsAt: number,
    private readonly end: number,
    private readonly n: number,
  ) {}

  /** Whether a rare token's lowercase form may hash to `h` (no: none does). */
  mayHaveRareWord(h: number): boolean {
    return bloomHasAt(this.buf, this.filtersAt[0], h);
  }

  /** Whether a rare token may hold a trigram hashing to `h`. */
  mayHaveRareTrigram(h: number): boolean {
    return bloomHasAt(this.buf, this.filtersAt[1], h);
  }

  /** Whether a frequent token's lowercase form may hash to `h`. */
  mayHaveFrequentWord(h: number): boolean {
    return bloomHasAt(this.buf, this.filtersAt[2], h);
  }

  /** The postings when stored uncompressed. */
  private plain: Uint8Array | undefined;

  /**
   * The rows of the tokens `want` accepts, as a bitmap: `into` when it has the chunk's length (its bits
   * replaced; a caller reuses one between chunks), else a new one. Null when `want` accepts no token.
   * The postings are decoded only up to the last accepted token's.
   */
  rowsOf(want: TokenTest, into?: RowBits): RowBits | null {
    const hits = HITS;
    hits.length = 0;
    const b = this.buf;
    if (varint(b, this.tokensAt, this.postingsAt) > 0) {
      const end = this.tokenListEnd();
      for (let p = at, s = at, k = 0; p <= end; p++) {
        if (p !== end && b[p] !== 10) continue;
        if (want(b, s, p)) hits.push(k);
        k++;
        s = p + 1;
      }
    }
    if (hits.length === 0) return null;
    const bytes = (this.n + 7) >> 3;
    const bits = into !== undefined && into.length === bytes ? into.fill(0) : noRows(this.n);
    const raw = this.openPostings();
    let p = 0;
    for (let t = 0, h = 0; h < hits.length; t++) {
      const mine = t === hits[h];
      if (mine) h++;
      // A posting's head: its kind, and for a list two varints (at most 10 bytes each).
      let body = this.postings(Math.min(p + 21, raw));
      if (p >= raw) throw new Error('text index: postings block shorter than its tokens');
      if (body[p++] === POSTINGS_BITMAP) {
        if (p + bytes > raw) throw new Error('text index: a postings bitmap past the end');
        if (mine) {
          body = this.postings(p + bytes);
          // The first matching token's bitmap is copied (a byte loop costs more than one set call).
          if (h === 1) bits.set(body.subarray(p, p + bytes));
          else for (let j = 0; j < bytes; j++) bits[j]! |= body[p + j]!;
        }
        p += bytes;
        continue;
      }
      let count = varint(body, p, raw);
      p = at;
      const len = varint(body, p, raw);
      p = at;
      if (p + len > raw) throw new Error('text index: a postings list past the end');
      if (mine) {
        body = this.postings(p + len);
        for (let q = p, row = 0; count > 0; count--) {
          row += varint(body, q, p + len);
          q = at;
          if (row >= this.n) throw new Error('text index: a posting past the last row');
          bits[row >> 3]! |= 1 << (row & 7);
        }
      }
      p += len;
    }
    // Bits past the last row stay clear (a stored bitmap's last byte could have them set).
    if ((this.n & 7) !== 0) bits[bytes - 1]! &= (1 << (this.n & 7)) - 1;
    return bits;
  }

  /** After the token count was read (`at` past it): where the joined tokens end (`at` where they start). */
  private tokenListEnd(): number {
    const len = varint(this.buf, at, this.postingsAt);
    const end = at + len;
    if (end > this.postingsAt) throw new Error('text index: token list longer than its block');
    return end;
  }

  /** Readies the postings for `postings` calls; returns their raw length. */
  private openPostings(): number {
    if (this.plain !== undefined) return this.plain.length;
    const s = this.buf;
    const codec = s[this.postingsAt];
    const len = varint(s, this.postingsAt + 1, this.end);
    const from = at;
    if (from + len > this.end) throw new Error('text index: postings block longer than stored');
    // A plain Uint8Array, as the decoded buffer is (one kind of array for the loops over either).
    if (codec === CODEC_NONE) return (this.plain = new Uint8Array(s.buffer, s.byteOffset + from, len)).length;
    if (codec !== CODEC_LZ4) throw new Error(`unknown chunk codec ${codec}`);
    if (owner !== this) {
      const raw = lz4RawLength(s, from);
      if (scratch.length < raw) scratch = new Uint8Array(Math.max(raw, scratch.length * 2));
      CURSOR.reset(s, from, from + len, scratch);
      owner = this;
    }
    return CURSOR.n;
  }

  /** The postings' raw bytes, at least the first `k` of them decoded (after openPostings). */
  private postings(k: number): Uint8Array {
    if (this.plain !== undefined) return this.plain;
    if (CURSOR.o < k) CURSOR.fill(k);
    return CURSOR.out;
  }
}

/** Token numbers that matched, reused by every rowsOf call. */
const HITS: number[] = [];
/** The postings block being decoded (into `scratch`, as far as asked) and the index it belongs to. */
const CURSOR = new Lz4Cursor();
let scratch = new Uint8Array(1 << 14);
let owner: TokenIndex | undefined;

/** Where the last `varint` call stopped reading. */
let at = 0;

/** The varint at `b[p]` (sets `at` past it); throws when it runs to `end`. */
function varint(b: Uint8Array, p: number, end: number): number {
  let v = 0;
  for (let mul = 1; ; mul *= 0x80) {
    if (p >= end) throw new Error('text index: a number runs past the end of its block');
    const x = b[p++]!;
    v += (x & 0x7f) * mul;
    if (x < 0x80) break;
  }
  at = p;
  return v;
}
