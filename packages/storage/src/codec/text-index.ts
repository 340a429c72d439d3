import type { Value } from '@sluice/pipeline-core';
import { skipBlock, writeBlock } from './block.js';
import { ByteReader } from './byte-reader.js';
import { ByteWriter } from './byte-writer.js';
import { IntMap32 } from './int-map.js';
import { andRows, type RowBits } from './row-bits.js';
import type { TextOp } from './text-search.js';
import { POSTINGS_BITMAP, POSTINGS_LIST, TokenIndex, type TokenTest } from './token-index.js';
import { bloomMayHave, bloomOf, hashUnits, KIND_TOKEN_BLOOM, readBloom, readTokenBlooms, skipBloom, wordBloom, writeBloom, type TokenBloom } from './token-bloom.js';

/**
 * The full-text index of a chunk: per string column declared `FULLTEXT INDEX` (the transform's
 * `index: fulltext`), written when the chunk is sealed and read without decompressing the column.
 *
 * When every value of the column in the chunk is ASCII, the index holds the chunk's tokens (maximal runs
 * of `[A-Za-z0-9_]`, case kept):
 *   - every token found in two rows or more, with its rows (postings: a delta list or a row bitmap);
 *   - the tokens found in one row only (ids, numbers) as two bloom filters: of their lowercase forms,
 *     and of their three-character substrings (case kept).
 * That answers, exactly and for every row:
 *   - `word` w (a `matches()` term): the rows holding a token whose lowercase is w, when the rare-word
 *     filter proves no rare token is w;
 *   - `contains` x (`LIKE '%x%'`) for x of three or more word characters: the rows holding a token that
 *     contains x (an occurrence of such an x never crosses a non-word character), when some trigram of x
 *     is missing from the trigram filter (no rare token contains x). A literal with other characters is
 *     found only in rows holding, for each of its word runs of three or more characters, a token that
 *     contains it: when the index proves no row does, the chunk is skipped.
 * In ASCII text, lowercasing keeps lengths and word boundaries, so the tokens of a value lowercased are
 * its tokens lowercased: the `word` test's semantics. Otherwise (the index cannot decide) the chunk's
 * values are searched. A column whose values are not all ASCII gets only a filter of its lowercased
 * words (codec/token-bloom.ts), which rules out chunks for `word`.
 *
 * Stored as an optional block after a chunk's field blocks (a chunk without it is read as before):
 *   u8 kind (2) | varint entries | per entry: varint slot | u8 mode | mode 0: filter of lowercased words
 *     mode 1: rare-word filter | rare-trigram filter | filter of the tokens below lowercased | varint tokens |
 *             the tokens joined by newlines (one string) | block (codec/block.ts, LZ4) of the postings of
 *             each token in order:
 *             u8 0 | varint count | varint length | varint row deltas      or      u8 1 | row bitmap
 * The filters and tokens are read where they are stored (a word in neither word filter rules the chunk out
 * without reading the tokens; codec/token-index.ts); the postings are decompressed only when a token
 * matches, and only as far as the last matching token's. Answers are row bitmaps (codec/row-bits.ts).
 * Chunks written before it carry a kind-1 block of word filters (codec/token-bloom.ts), read as mode 0.
 */
export const KIND_TEXT_INDEX = 2;
const MODE_BLOOM = 0;
const MODE_TOKENS = 1;
/** Tokens found in at least this many rows are kept with their rows; rarer ones only in the filters. */
const FREQUENT_ROWS = 2;

/** The index of one column of one chunk. */
export type TextIndex =
  | { readonly kind: 'bloom'; readonly bloom: TokenBloom }
  | TokenIndex;

const isWordByte = (c: number) => (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;

/** A token of a column and the rows holding it (`more` from its second row on). */
interface Token {
  readonly text: string;
  readonly first: number;
  more: number[] | undefined;
  /** Another token with the same hash. */
  readonly next: Token | undefined;
}

/** Whether `token` is the units [from, to) of `v`. */
function sameText(token: string, v: string, from: number, to: number): boolean {
  if (token.length !== to - from) return false;
  for (let k = 0; k < token.length; k++) if (token.charCodeAt(k) !== v.charCodeAt(from + k)) return false;
  return true;
}

/**
 * The distinct tokens of a column's values with their rows, in first-seen order; undefined when a value
 * is not ASCII. Tokens are found by their hash (computed while scanning, no string per occurrence) and
 * told apart by their text.
 */
function tokenRows(col: readonly Value[]): Token[] | undefined {
  const byHash = new IntMap32();
  const out: Token[] = [];
  for (let i = 0; i < col.length; i++) {
    const v = col[i];
    if (typeof v !== 'string') continue;
    let start = -1;
    let h = 0;
    for (let j = 0; j <= v.length; j++) {
      const c = j < v.length ? v.charCodeAt(j) : 32;
      if (c >= 128) return undefined;
      if (isWordByte(c)) {
        if (start < 0) {
          start = j;
          h = 0x811c9dc5;
        }
        h = Math.imul(h ^ c, 0x01000193);
        continue;
      }
      if (start < 0) continue;
      const at = byHash.get(h);
      const head = at < 0 ? undefined : out[at]!;
      let t = head;
      while (t !== undefined && !sameText(t.text, v, start, j)) t = t.next;
      if (t === undefined) {
        t = { text: v.slice(start, j), first: i, more: undefined, next: head };
        byHash.set(h, out.length);
        out.push(t);
      } else if (t.more === undefined) {
        if (t.first !== i) t.more = [i];
      } else if (t.more[t.more.length - 1] !== i) t.more.push(i);
      start = -1;
    }
  }
  return out;
}

const postingsWriter = new ByteWriter(1 << 12);
const deltas = new ByteWriter(1 << 10);

/** Appends the text index block of a chunk being written; nothing when no slot has a full-text index. */
export function writeTextIndex(w: ByteWriter, slots: readonly number[], fields: readonly (readonly Value[])[]): void {
  const present = slots.filter((s) => fields[s] !== undefined);
  if (present.length === 0) return;
  w.u8(KIND_TEXT_INDEX);
  w.varint(present.length);
  for (const slot of present) {
    const col = fields[slot]!;
    w.varint(slot);
    const tokens = tokenRows(col);
    if (tokens === undefined) {
      w.u8(MODE_BLOOM);
      writeBloom(w, wordBloom(col));
    } else writeTokens(w, tokens, col.length);
  }
}

function writeTokens(w: ByteWriter, tokens: readonly Token[], n: number): void {
  const frequent: Token[] = [];
  const rareWords = new IntMap32();
  const trigrams = new IntMap32();
  for (const t of tokens) {
    if (t.more !== undefined && t.more.length + 1 >= FREQUENT_ROWS) {
      frequent.push(t);
      continue;
    }
    const text = t.text;
    rareWords.set(hashUnits(text.toLowerCase(), 0, text.length), 0);
    for (let i = 0; i + 3 <= text.length; i++) trigrams.set(hashUnits(text, i, i + 3), 0);
  }
  const frequentWords = new IntMap32();
  for (const t of frequent) frequentWords.set(hashUnits(t.text.toLowerCase(), 0, t.text.length), 0);
  w.u8(MODE_TOKENS);
  writeBloom(w, bloomOf(rareWords));
  writeBloom(w, bloomOf(trigrams));
  writeBloom(w, bloomOf(frequentWords));
  w.varint(frequent.length);
  w.string(frequent.map((t) => t.text).join('\n'));
  const p = postingsWriter;
  p.reset();
  const bitmapLen = (n + 7) >> 3;
  for (const token of frequent) {
    const rows = [token.first, ...token.more!];
    if (rows.length * 8 >= n) {
      p.u8(POSTINGS_BITMAP);
      p.ensure(bitmapLen);
      p.buf.fill(0, p.pos, p.pos + bitmapLen);
      for (const i of rows) p.buf[p.pos + (i >> 3)]! |= 1 << (i & 7);
      p.pos += bitmapLen;
      continue;
    }
    p.u8(POSTINGS_LIST);
    p.varint(rows.length);
    deltas.reset();
    let prev = 0;
    for (const i of rows) {
      deltas.varint(i - prev);
      prev = i;
    }
    p.bytes(deltas.buf.subarray(0, deltas.pos));
  }
  writeBlock(w, p.buf.subarray(0, p.pos));
}

/** The indexes of an `n`-row chunk's text index block (kind 2, or the older kind 1) at `at`, by slot; empty when there is none. */
export function readTextIndexes(buf: Uint8Array, at: number, n: number): Map<number, TextIndex> {
  const out = new Map<number, TextIndex>();
  if (at >= buf.length) return out;
  if (buf[at] === KIND_TOKEN_BLOOM) {
    for (const [slot, bloom] of readTokenBlooms(buf, at)) out.set(slot, { kind: 'bloom', bloom });
    return out;
  }
  if (buf[at] !== KIND_TEXT_INDEX) return out;
  const r = new ByteReader().reset(buf, at + 1);
  const count = r.varint();
  for (let k = 0; k < count; k++) {
    const slot = r.varint();
    if (r.u8() === MODE_BLOOM) {
      out.set(slot, { kind: 'bloom', bloom: readBloom(r) });
      continue;
    }
    const filtersAt: [number, number, number] = [r.pos, skipBloom(r, buf.length), skipBloom(r, buf.length)];
    const tokensAt = skipBloom(r, buf.length);
    r.varint();
    r.skip(r.varint());
    const postingsAt = r.pos;
    skipBlock(r);
    if (r.pos > buf.length) throw new Error('text index: runs past the end of the chunk');
    out.set(slot, new TokenIndex(buf, filtersAt, tokensAt, postingsAt, r.pos, n));
  }
  return out;
}

/**
 * Rows of an `n`-row chunk passing a text test, from the column's index alone: the rows (a bitmap,
 * codec/row-bits.ts) when the index decides every row, `null` when it proves that no row passes,
 * undefined when only the values can tell. The bitmap is the probe's own, reused by its next call (a
 * small typed array is costly to allocate once per chunk).
 */
export type IndexProbe = (ix: TextIndex, n: number) => RowBits | null | undefined;

/** indexProbe(op, operand) for one chunk. */
export function indexedMask(ix: TextIndex, op: TextOp, operand: string, n: number): RowBits | null | undefined {
  return indexProbe(op, operand)(ix, n);
}

/** A text test compiled for the chunks' indexes (see IndexProbe): once per scan, then run per chunk. */
export function indexProbe(op: TextOp, operand: string): IndexProbe {
  const wordFilter: IndexProbe = (ix) => (op === 'word' && ix.kind === 'bloom' && !bloomMayHave(ix.bloom, operand) ? null : undefined);
  // The values of a chunk with tokens are ASCII: an operand that is not cannot be found in them.
  if (op !== 'term' && /[^\x00-\x7f]/.test(operand)) return (ix, n) => (ix.kind === 'bloom' ? wordFilter(ix, n) : null);
  if (op === 'word') {
    const h = hashUnits(operand, 0, operand.length);
    const same = sameWord(operand);
    let bits: RowBits | undefined;
    return (ix, n) => {
      if (ix.kind === 'bloom') return wordFilter(ix, n);
      if (ix.mayHaveRareWord(h)) return undefined;
      if (!ix.mayHaveFrequentWord(h)) return null;
      const m = ix.rowsOf(same, bits);
      if (m !== null) bits = m;
      return m;
    };
  }
  if (op !== 'contains' || operand === '') return wordFilter;
  if (/^\w+$/.test(operand)) {
    const rows = containing(operand);
    return (ix) => (ix.kind === 'bloom' ? undefined : rows(ix));
  }
  // A literal with other characters: each word run of three or more characters must be in a token of the
  // row, so the chunk is ruled out when the index proves that no row holds them all; the index never
  // decides which rows do.
  const pieces = (operand.match(/\w{3,}/g) ?? []).map(containing);
  return (ix) => {
    if (ix.kind === 'bloom') return undefined;
    let all: RowBits | undefined;
    for (const piece of pieces) {
      const m = piece(ix);
      if (m === null) return null;
      if (m === undefined) continue;
      if (all === undefined) all = m;
      else if (!andRows(all, m)) return null;
    }
    return undefined;
  };
}

/** Rows holding a token that contains `word` (ASCII word characters), when no rare token can. */
function containing(word: string): (ix: TokenIndex) => RowBits | null | undefined {
  if (word.length < 3) return () => undefined;
  const trigrams: number[] = [];
  for (let i = 0; i + 3 <= word.length; i++) trigrams.push(hashUnits(word, i, i + 3));
  const has = holds(word);
  let bits: RowBits | undefined;
  return (ix) => {
    for (const h of trigrams) {
      if (ix.mayHaveRareTrigram(h)) continue;
      const m = ix.rowsOf(has, bits);
      if (m !== null) bits = m;
      return m;
    }
    return undefined;
  };
}

/** Whether a token, lowercased, is `word` (lowercase ASCII): tokens are ASCII, where lowercasing is per byte. */
function sameWord(word: string): TokenTest {
  const w = Uint8Array.from(word, (c) => c.charCodeAt(0));
  return (b, from, to) => {
    if (to - from !== w.length) return false;
    for (let j = 0; j < w.length; j++) {
      const c = b[from + j]!;
      if ((c >= 65 && c <= 90 ? c | 0x20 : c) !== w[j]) return false;
    }
    return true;
  };
}

/** Whether a token contains `word` (ASCII, case kept). */
function holds(word: string): TokenTest {
  const w = Uint8Array.from(word, (c) => c.charCodeAt(0));
  const first = w[0]!;
  return (b, from, to) => {
    outer: for (let i = from, last = to - w.length; i <= last; i++) {
      if (b[i] !== first) continue;
      for (let j = 1; j < w.length; j++) if (b[i + j] !== w[j]) continue outer;
      return true;
    }
    return false;
  };
}
