import type { Value } from '@sluice/pipeline-core';
import { ByteReader } from './byte-reader.js';
import type { ByteWriter } from './byte-writer.js';

/**
 * Bloom filters of words, the building block of a chunk's full-text index (codec/text-index.ts): the
 * lowercased words of a column's values hashed into a filter, so a `word` predicate (a `matches()` term)
 * skips a chunk whose filter lacks the word. No false negatives: a word the `word` test finds in a value
 * is a maximal run of word units of the lowercased value, which is exactly what is hashed here (see
 * `wordUnit`).
 *
 * Chunks written before the text index (kind 2) carry their filters as a kind-1 block after the field
 * blocks, still read here:
 *   u8 kind (1) | varint filters | per filter: varint slot | varint bits | u8 hashes | bits / 8 bytes
 */
export const KIND_TOKEN_BLOOM = 1;
const BITS_PER_TOKEN = 8;
const HASHES = 5;
const WORD = /[\p{L}\p{N}_]/u;

/** A UTF-16 unit that belongs to a word: ASCII letters, digits, `_`; above ASCII, BMP letters and digits (a surrogate half never). */
function wordUnit(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
  return c < 0xd800 || c > 0xdfff ? WORD.test(String.fromCharCode(c)) : false;
}

/** FNV-1a over the UTF-16 units [from, to) of `s`. */
export function hashUnits(s: string, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Adds the hashes of the words of `text` (lowercased) to `out`. */
function addWords(text: string, out: Set<number>): void {
  // ASCII text is lowercased while hashing; other text through toLowerCase first.
  let h = 0x811c9dc5;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 128) return addWordsSlow(text, out);
    if (c >= 65 && c <= 90) c |= 0x20;
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 122) || c === 95) {
      if (!inWord) h = 0x811c9dc5;
      inWord = true;
      h = Math.imul(h ^ c, 0x01000193);
    } else if (inWord) {
      out.add(h >>> 0);
      inWord = false;
    }
  }
  if (inWord) out.add(h >>> 0);
}

function addWordsSlow(text: string, out: Set<number>): void {
  const s = text.toLowerCase();
  let start = -1;
  for (let i = 0; i <= s.length; i++) {
    const w = i < s.length && wordUnit(s.charCodeAt(i));
    if (w && start < 0) start = i;
    else if (!w && start >= 0) {
      out.add(hashUnits(s, start, i));
      start = -1;
    }
  }
}

function setBits(bits: Uint8Array, h: number): void {
  const n = bits.length * 8;
  const h2 = (Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) | 1) >>> 0;
  for (let k = 0; k < HASHES; k++) {
    const b = (h + k * h2) % n;
    bits[b >> 3]! |= 1 << (b & 7);
  }
}

function hasBits(bits: Uint8Array, hashes: number, h: number): boolean {
  return hasBitsAt(bits, 0, bits.length, hashes, h);
}

/** hasBits for the filter bits buf[from, from + bytes). */
function hasBitsAt(buf: Uint8Array, from: number, bytes: number, hashes: number, h: number): boolean {
  const n = bytes * 8;
  const h2 = (Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) | 1) >>> 0;
  for (let k = 0; k < hashes; k++) {
    const b = (h + k * h2) % n;
    if ((buf[from + (b >> 3)]! & (1 << (b & 7))) === 0) return false;
  }
  return true;
}

/** A filter (8 bits per element, HASHES hashes) of a set of (unsigned 32-bit) hashes. */
export function bloomOf(hashes: { readonly size: number; forEach(f: (h: number) => void): void }): TokenBloom {
  const bits = new Uint8Array(Math.max(8, Math.ceil((hashes.size * BITS_PER_TOKEN) / 8)));
  hashes.forEach((h) => setBits(bits, h));
  return { bits, hashes: HASHES };
}

/** A filter as stored: varint bits | u8 hashes | bits / 8 bytes. */
export function writeBloom(w: ByteWriter, b: TokenBloom): void {
  w.varint(b.bits.length * 8);
  w.u8(b.hashes);
  w.raw(b.bits);
}

/** A filter written by writeBloom, at the reader's position (the bits are a view of the reader's buffer). */
export function readBloom(r: ByteReader): TokenBloom {
  const bytes = r.varint() >> 3;
  const hashes = r.u8();
  const bits = r.buf.subarray(r.pos, r.pos + bytes);
  r.skip(bytes);
  return { bits, hashes };
}

/** The filter of the lowercased words of a column's string values (chunks whose values are not all ASCII). */
export function wordBloom(col: readonly Value[]): TokenBloom {
  const hashes = new Set<number>();
  for (const v of col) if (typeof v === 'string') addWords(v, hashes);
  return bloomOf(hashes);
}

/** Where the filter written by writeBloom at the reader's position ends (the reader moved there); throws past `end`. */
export function skipBloom(r: ByteReader, end: number): number {
  const bytes = r.varint() >> 3;
  r.skip(1 + bytes);
  if (r.pos > end) throw new Error('text index: a filter runs past the end of the chunk');
  return r.pos;
}

/** bloomHas for the filter written by writeBloom at buf[at] (read where it is, no view made). */
export function bloomHasAt(buf: Uint8Array, at: number, h: number): boolean {
  let bits = 0;
  for (let mul = 1, x = 0x80; x >= 0x80; mul *= 0x80) bits += ((x = buf[at++]!) & 0x7f) * mul;
  return hasBitsAt(buf, at + 1, bits >> 3, buf[at]!, h);
}

/** Whether a filter may hold the hash `h` (see hashUnits). */
export function bloomHas(bloom: TokenBloom, h: number): boolean {
  return hasBits(bloom.bits, bloom.hashes, h);
}

/** A chunk's filter of one column: `hashes` bit positions per word. */
export interface TokenBloom {
  readonly bits: Uint8Array;
  readonly hashes: number;
}

/** The filters of a kind-1 index block (`buf` from `at` to its end), by slot; empty when the block is not one. */
export function readTokenBlooms(buf: Uint8Array, at: number): Map<number, TokenBloom> {
  const out = new Map<number, TokenBloom>();
  if (at >= buf.length || buf[at] !== KIND_TOKEN_BLOOM) return out;
  const r = new ByteReader().reset(buf, at + 1);
  const count = r.varint();
  for (let k = 0; k < count; k++) {
    const slot = r.varint();
    out.set(slot, readBloom(r));
  }
  return out;
}

/**
 * Whether a filter may hold `word` (lowercase, as the `word` predicate has it): false proves that no value
 * of the chunk has it. Words with units the tokenizer splits on (astral characters) are never ruled out.
 */
export function bloomMayHave(bloom: TokenBloom, word: string): boolean {
  for (let i = 0; i < word.length; i++) if (!wordUnit(word.charCodeAt(i))) return true;
  return hasBits(bloom.bits, bloom.hashes, hashUnits(word, 0, word.length));
}
