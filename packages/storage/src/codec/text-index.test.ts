import type { Value } from '@sluice/pipeline-core';
import { describe, expect, it } from 'vitest';
import { ByteWriter } from './byte-writer.js';
import { ChunkView, encodeChunk } from './chunk-codec.js';
import { bitsToArray } from './row-bits.js';
import { indexedMask, indexProbe, writeTextIndex, type TextIndex } from './text-index.js';
import { textTest, type TextOp } from './text-search.js';
import { bloomMayHave, KIND_TOKEN_BLOOM, wordBloom, writeBloom } from './token-bloom.js';

/** A two-column chunk (a level, then `messages`) with the index `index` writes after its field blocks. */
function chunk(messages: readonly Value[], index: 'text' | 'legacy' | 'none' = 'text'): ChunkView {
  const ts = messages.map((_, i) => BigInt(1000 + i));
  const fields: Value[][] = [messages.map(() => 'info'), [...messages]];
  const w = new ByteWriter(64);
  encodeChunk(w, ['string', 'string'], { tableId: 1, ts, series: ts.map(() => 0), fields });
  if (index === 'text') writeTextIndex(w, [1], fields);
  if (index === 'legacy') {
    // The kind-1 block chunks were written with before the text index: one word filter per slot.
    w.u8(KIND_TOKEN_BLOOM);
    w.varint(1);
    w.varint(1);
    writeBloom(w, wordBloom(fields[1]!));
  }
  return new ChunkView(w.take());
}

/** The exact mask of a text test, value by value. */
const exact = (messages: readonly Value[], op: TextOp, operand: string) => Uint8Array.from(messages, (m) => (typeof m === 'string' && textTest(op, operand)(m) ? 1 : 0));

/** Checks the index's answer against the exact one: a mask must equal it, null means no row passes. */
function check(ix: TextIndex, messages: readonly Value[], op: TextOp, operand: string): Uint8Array | null | undefined {
  const got = indexedMask(ix, op, operand, messages.length);
  const want = exact(messages, op, operand);
  if (got === null) expect(want.every((b) => b === 0), `${op} ${JSON.stringify(operand)}: pruned a chunk with a matching row`).toBe(true);
  else if (got !== undefined) expect([...bitsToArray(got, messages.length)], `${op} ${JSON.stringify(operand)}`).toEqual([...want]);
  return got;
}

let seed = 3;
const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;

describe('full-text index of a chunk', () => {
  const ascii = ['GET /api took 12ms', 'Upstream ERROR: timeout', null, 'error: upstream timeout', 'retry after timeout', 'GET /api took 7ms', 'x_time_out', 'TIMEOUTS'];

  it('answers word and LIKE tests on ASCII text exactly from the tokens, without the values', () => {
    const ix = chunk(ascii).textIndex(1)!;
    expect(ix.kind).toBe('tokens');
    // Frequent tokens, rare ones absent: decided by the index alone.
    expect(check(ix, ascii, 'contains', 'timeout')).toBeInstanceOf(Uint8Array);
    expect(check(ix, ascii, 'contains', 'api')).toBeInstanceOf(Uint8Array);
    expect(check(ix, ascii, 'word', 'took')).toBeInstanceOf(Uint8Array);
    expect(check(ix, ascii, 'word', 'timeout')).toBeInstanceOf(Uint8Array);
    expect(check(ix, ascii, 'contains', 'nothere')).toBeNull();
    expect(check(ix, ascii, 'word', 'warning')).toBeNull();
    expect(check(ix, ascii, 'contains', 'ошибка')).toBeNull();
    // A literal across words: not decided, unless a word of it is absent.
    expect(check(ix, ascii, 'contains', 'upstream timeout')).toBeUndefined();
    expect(check(ix, ascii, 'contains', 'upstream failure')).toBeNull();
    for (const [op, operand] of [
      ['contains', 'TIMEOUT'], ['contains', 'imeou'], ['contains', 'ms'], ['contains', '12ms'], ['contains', ''], ['contains', 'x_t'], ['contains', ': up'],
      ['word', 'timeouts'], ['word', 'x_time_out'], ['contains', 'x_timeout'], ['word', 'error'], ['word', '12ms'], ['term', 'timeout'],
    ] as const) check(ix, ascii, op, operand);
  });

  it('random ASCII texts: every answer the index gives equals the value-by-value test', () => {
    const parts = ['err', 'or', 'Err', ' ', '_', '-', 'time', 'out', 'K', 'k', '1', '23', ':', '/', 'x', 'ms', 'TIMEOUT', 'a'];
    let decided = 0;
    for (let c = 0; c < 40; c++) {
      const texts: Value[] = Array.from({ length: 1 + rand(120) }, () => (rand(20) === 0 ? null : Array.from({ length: rand(12) }, () => parts[rand(parts.length)]).join('')));
      const ix = chunk(texts).textIndex(1)!;
      const words = new Set(texts.flatMap((t) => (typeof t === 'string' ? t.toLowerCase().match(/\w+/g) ?? [] : [])));
      const operands = [...words, 'error', 'timeout', 'err', 'time out', 'or_', 'out-', 'k1', 'ms:', 'zzz', 'errorerror', ...parts];
      for (const w of operands) {
        if (/^\w+$/.test(w) && check(ix, texts, 'word', w.toLowerCase()) !== undefined) decided++;
        if (check(ix, texts, 'contains', w) !== undefined) decided++;
        check(ix, texts, 'term', w);
      }
    }
    // The index must actually decide most of them (this is what the scan saves).
    expect(decided).toBeGreaterThan(1000);
  });

  it('reads postings as bitmaps and delta lists, compressed and stored, for several matching tokens', () => {
    // 3,000 rows: tokens in most rows (bitmaps), in a few (lists), in one (filters only); the postings
    // block is large enough to be LZ4-compressed. `time` is in several tokens, whose rows are united.
    const big: Value[] = Array.from({ length: 3000 }, (_, i) =>
      i % 97 === 0 ? null : `GET /v${i % 3} took ${i}ms${i % 13 === 0 ? ' error: upstream timeout' : ''}${i % 29 === 0 ? ' TIMEOUTS x_time_out' : ''}${i % 401 === 0 ? ' downtime' : ''}`,
    );
    const ix = chunk(big).textIndex(1)!;
    expect(ix.kind).toBe('tokens');
    // The first token's rows, then the last one's: the postings are decoded further as needed.
    for (const [op, operand] of [
      ['word', 'get'], ['word', 'downtime'], ['contains', 'time'], ['contains', 'timeout'], ['contains', 'TIME'], ['contains', 'IMEOUTS'], ['contains', 'took'], ['contains', 'GET'], ['contains', 'own'],
      ['word', 'timeout'], ['word', 'timeouts'], ['word', 'downtime'], ['word', 'x_time_out'], ['word', 'get'], ['word', 'v2'],
    ] as const) expect(check(ix, big, op, operand), `${op} ${operand}`).toBeInstanceOf(Uint8Array);
    // A small chunk's postings are stored uncompressed.
    const small = ['a timeout', 'b timeout', 'c'];
    const six = chunk(small).textIndex(1)!;
    expect(check(six, small, 'contains', 'timeout')).toBeInstanceOf(Uint8Array);
    // Two chunks' indexes asked in turn (each decodes its postings again when the other used the buffer),
    // by one compiled probe per test (its bitmap reused between chunks, of the same length or not).
    const probes = { contains: indexProbe('contains', 'timeout'), word: indexProbe('word', 'error') };
    const same = chunk(big.map((m) => (typeof m === 'string' ? m.replace('timeout', 'ok') : m))).textIndex(1)!;
    for (let k = 0; k < 3; k++) {
      for (const [x, texts] of [[ix, big], [six, small], [same, big.map((m) => (typeof m === 'string' ? m.replace('timeout', 'ok') : m))]] as const) {
        for (const op of ['contains', 'word'] as const) {
          const operand = op === 'word' ? 'error' : 'timeout';
          const got = probes[op](x, texts.length);
          const want = exact(texts, op, operand);
          if (got === null) expect(want.every((b) => b === 0)).toBe(true);
          else if (got !== undefined) expect([...bitsToArray(got, texts.length)], `${op} ${operand}`).toEqual([...want]);
        }
      }
    }
  });

  it('never answers a row past the last one, whatever a stored bitmap has in its last byte', () => {
    const texts = ['a timeout', 'b timeout', 'c timeout'];
    const ts = texts.map((_, i) => BigInt(i));
    const fields: Value[][] = [texts.map(() => 'info'), [...texts]];
    const w = new ByteWriter(64);
    encodeChunk(w, ['string', 'string'], { tableId: 1, ts, series: ts.map(() => 0), fields });
    writeTextIndex(w, [1], fields);
    const buf = w.take();
    // The chunk ends with the one frequent token's postings, stored as they are: kind 1 (bitmap), 0b111.
    expect([...buf.subarray(buf.length - 2)]).toEqual([1, 0b111]);
    buf[buf.length - 1] = 0xff;
    const got = indexedMask(new ChunkView(buf).textIndex(1)!, 'contains', 'timeout', 3);
    expect(got).toEqual(Uint8Array.of(0b111));
  });

  it('literals across tokens, with punctuation, case or non-ASCII characters are never decided wrongly', () => {
    const texts: Value[] = ['error: upstream timeout', 'Error: upstream timeout', 'upstream-timeout', 'upstream  timeout', 'retry after timeout', 'GET /api/v1/users?q=1', 'GET /api/v1/users?q=1', 'x_timeout', 'x_timeout', null];
    const ix = chunk(texts).textIndex(1)!;
    for (const operand of ['upstream timeout', 'r: up', ': upstream', 'Error:', 'error:', '/api/v1/', 'users?q', '?q=1', 'x_t', '_timeout', 'timeout', 'Timeout', 'éerror', 'ошибка', '日本', ' ', 'o', 'ou', 'out']) {
      check(ix, texts, 'contains', operand);
      if (/^\w+$/.test(operand)) check(ix, texts, 'word', operand.toLowerCase());
    }
    expect(check(ix, texts, 'contains', 'ошибка')).toBeNull();
    expect(check(ix, texts, 'contains', 'upstream failure')).toBeNull();
  });

  it('text that is not all ASCII gets a word filter: it never rules out a word the word test finds', () => {
    const messages = ['GET /api took 12ms', 'Upstream ERROR: timeout', null, 'x_error ошибка', 'Ǆemo 日本語', 'retry-after', 'K\u212Aelvin'];
    const ix = chunk(messages).textIndex(1)!;
    expect(ix.kind).toBe('bloom');
    for (const word of ['get', 'api', '12ms', 'upstream', 'error', 'timeout', 'x_error', 'ошибка', 'ǆemo', '日本語', 'retry', 'after', 'kkelvin']) {
      expect(exact(messages, 'word', word).some((b) => b === 1)).toBe(true);
      expect(check(ix, messages, 'word', word)).toBeUndefined();
    }
    const absent = ['warning', 'refused', 'timeouts', 'gets', 'x', 'kelvin', 'zzz', 'alpha', 'beta', 'gamma'];
    expect(absent.filter((w) => check(ix, messages, 'word', w) === undefined).length).toBeLessThanOrEqual(1);
    // LIKE is never decided by a word filter.
    expect(check(ix, messages, 'contains', 'nothere')).toBeUndefined();
  });

  it('random texts with non-ASCII words: every word found by the word test passes the filter', () => {
    const parts = ['err', 'or', ' ', '_', '-', 'É', 'é', 'K', '\u212A', '1', ':', 'İ', 'd', '🙂'];
    const texts = Array.from({ length: 300 }, () => Array.from({ length: rand(10) }, () => parts[rand(parts.length)]).join(''));
    const ix = chunk(texts).textIndex(1)!;
    const words = new Set(texts.flatMap((t) => t.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []));
    for (const w of [...words, 'k', 'i', 'd', 'error', 'err']) check(ix, texts, 'word', w);
  });

  it('reads chunks written with the older word filters (kind 1), and chunks without an index', () => {
    const legacy = chunk(ascii, 'legacy');
    const ix = legacy.textIndex(1)!;
    expect(ix.kind).toBe('bloom');
    expect(ix.kind === 'bloom' && bloomMayHave(ix.bloom, 'timeout')).toBe(true);
    expect(check(ix, ascii, 'word', 'warning')).toBeNull();
    expect(check(ix, ascii, 'word', 'timeout')).toBeUndefined();
    expect(legacy.field(1, 'string')).toEqual(ascii);
    expect(bitsToArray(legacy.textMask(1, 'word', 'timeout')!, ascii.length)).toEqual(exact(ascii, 'word', 'timeout'));
    const none = chunk(ascii, 'none');
    expect(none.textIndex(1)).toBeUndefined();
    expect(none.field(1, 'string')).toEqual(ascii);
  });
});
