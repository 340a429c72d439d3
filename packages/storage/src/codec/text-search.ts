import { ByteReader } from './byte-reader.js';
import { noRows, setRow, type RowBits } from './row-bits.js';

/**
 * Text predicates of string columns (`contains`, `word`, `term`), as tests on one string and as masks over
 * a chunk's decompressed string block, searched as bytes without decoding a string per row.
 *
 * - `contains`: the value contains the operand (case-sensitive substring; SQL `LIKE '%x%'`).
 * - `word`: the value holds the operand as a whole word, case-insensitively: words are runs of letters,
 *   digits and `_`; the value is lowercased (JavaScript's `toLowerCase`) and the operand (one word, given
 *   lowercase) must occur with no word character on either side (GreptimeDB's `matches()` terms).
 * - `term`: the operand occurs case-sensitively with no ASCII letter or digit on either side (GreptimeDB's
 *   `matches_term` / `@@` for terms of ASCII letters and digits): `error` matches `error-prone`, `an error:`
 *   and `错误error日志`, not `errors` or `error123`.
 */
export type TextOp = 'contains' | 'word' | 'term';

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const ALNUM = /[\p{L}\p{N}]/u;

function isAsciiAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** Whether the UTF-16 unit at `i` is a word character (`_` counts when `underscore`). */
function wordAt(s: string, i: number, underscore: boolean): boolean {
  if (i < 0 || i >= s.length) return false;
  const c = s.charCodeAt(i);
  if (c < 128) return isAsciiAlnum(c) || (underscore && c === 95);
  return (underscore ? WORD_CHAR : ALNUM).test(s[i]!);
}

/** Whether the UTF-16 unit at `i` is an ASCII letter or digit. */
function asciiAlnumAt(s: string, i: number): boolean {
  return i >= 0 && i < s.length && isAsciiAlnum(s.charCodeAt(i));
}

/** `needle` in `hay` with no word character (`term`: no ASCII letter or digit) on either side. */
function bounded(hay: string, needle: string, underscore: boolean, asciiOnly = false): boolean {
  const blocks = (i: number) => (asciiOnly ? asciiAlnumAt(hay, i) : wordAt(hay, i, underscore));
  let i = hay.indexOf(needle);
  while (i >= 0) {
    if (!blocks(i - 1) && !blocks(i + needle.length)) return true;
    i = hay.indexOf(needle, i + 1);
  }
  return false;
}

/** The operand as `word` compares it: lowercase; undefined unless it is exactly one word. */
export function normalizeWord(w: string): string | undefined {
  const lower = w.toLowerCase();
  return /^[\p{L}\p{N}_]+$/u.test(lower) ? lower : undefined;
}

/** The test of one value (a string) against the operand. */
export function textTest(op: TextOp, operand: string): (s: string) => boolean {
  if (op === 'contains') return (s) => s.includes(operand);
  if (op === 'term') return (s) => bounded(s, operand, false, true);
  return (s) => bounded(s.toLowerCase(), operand, true);
}

/**
 * The rows (a bitmap, codec/row-bits.ts) of `n` rows of a plain string block that match: `bytes[at..]` holds, for each row whose
 * bit is set in `valid`, a varint byte length and the UTF-8 bytes. The block is searched as one latin1
 * string (one character per byte; `text`, given when the caller has it): a byte match of the operand's
 * UTF-8 is a match of the text. A match next to a byte >= 0x80 (a possible letter) is decided by the
 * exact test on the decoded value. `word` with an ASCII operand finds candidates with an ASCII
 * case-insensitive search, which equals lowercasing the value except for the two characters whose
 * lowercase is ASCII (KELVIN SIGN -> k, LATIN CAPITAL I WITH DOT -> i + U+0307): a block holding one of
 * them, when the word has that letter, is tested value by value.
 */
export function textMask(op: TextOp, operand: string, bytes: Buffer, at: number, valid: Uint8Array, n: number, text = bytes.toString('latin1', at)): RowBits {
  const mask = noRows(n);
  const exact = textTest(op, operand);
  const needle = Buffer.from(operand, 'utf8').toString('latin1');
  const asciiWord =
    op === 'word' && !/[^\x00-\x7f]/.test(operand) && !(operand.includes('k') && text.includes('\xe2\x84\xaa')) && !(operand.includes('i') && text.includes('\xc4\xb0'));
  // `word` with an ASCII operand finds candidates case-insensitively; otherwise by exact bytes.
  const re = asciiWord ? new RegExp(operand.replace(/[^a-z0-9_]/g, '\\$&'), 'gi') : undefined;
  const find = (from: number): number => {
    if (!re) return text.indexOf(needle, from);
    re.lastIndex = from;
    return re.exec(text)?.index ?? -1;
  };
  const len = needle.length;
  const underscore = op === 'word';
  let next = -2;
  const r = new ByteReader().reset(bytes, at);
  for (let i = 0; i < n; i++) {
    if ((valid[i >> 3]! & (1 << (i & 7))) === 0) continue;
    const vlen = r.varint();
    const c0 = r.pos - at;
    const c1 = c0 + vlen;
    r.pos += vlen;
    if (len === 0) {
      if (op === 'contains' || exact(bytes.toString('utf8', at + c0, at + c1))) setRow(mask, i);
      continue;
    }
    if (op === 'word' && !asciiWord) {
      if (exact(bytes.toString('utf8', at + c0, at + c1))) setRow(mask, i);
      continue;
    }
    if (next === -1) continue;
    if (next < c0) next = find(c0);
    while (next >= 0 && next + len <= c1) {
      if (op === 'contains') {
        setRow(mask, i);
        break;
      }
      const before = next > c0 ? text.charCodeAt(next - 1) : 32;
      const after = next + len < c1 ? text.charCodeAt(next + len) : 32;
      if (op !== 'term' && (before >= 0x80 || after >= 0x80)) {
        if (exact(bytes.toString('utf8', at + c0, at + c1))) setRow(mask, i);
        break;
      }
      if (!isAsciiAlnum(before) && !isAsciiAlnum(after) && !(underscore && (before === 95 || after === 95))) {
        setRow(mask, i);
        break;
      }
      next = find(next + 1);
    }
  }
  return mask;
}
