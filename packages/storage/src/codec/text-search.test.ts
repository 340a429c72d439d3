import { describe, expect, it } from 'vitest';
import { ByteWriter } from './byte-writer.js';
import { bitsToArray } from './row-bits.js';
import { normalizeWord, textMask, textTest, type TextOp } from './text-search.js';

/** A plain string block as chunks store it: null bitmap, then varint length + UTF-8 bytes per value. */
function block(values: readonly (string | null)[]): { bytes: Buffer; at: number; valid: Uint8Array } {
  const w = new ByteWriter(64);
  const bitmap = (values.length + 7) >> 3;
  w.ensure(bitmap);
  w.buf.fill(0, 0, bitmap);
  values.forEach((v, i) => {
    if (v !== null) w.buf[i >> 3]! |= 1 << (i & 7);
  });
  w.pos = bitmap;
  for (const v of values) if (v !== null) w.string(v);
  const bytes = Buffer.from(w.buf.subarray(0, w.pos));
  return { bytes, at: bitmap, valid: bytes.subarray(0, bitmap) };
}

const TEXTS = [
  'GET /api took 12ms error: upstream timeout',
  'Error-prone',
  'errors everywhere',
  'an ERROR_x',
  'x_error',
  'error123',
  'timeout',
  '',
  null,
  'éerror and timeout',
  'error— timeout…',
  'ошибка error',
  '\u212Aey k', // KELVIN SIGN lowercases to 'k'
  'İd x', // lowercases to 'i' + U+0307 + 'd'
  'x'.repeat(300) + ' error ' + 'y'.repeat(200),
  'retry after timeout',
  'timeouterror timeout_',
  '日本error',
  '🙂error🙂 timeout',
];

describe('text predicates on block bytes', () => {
  const cases: [TextOp, string][] = [
    ['word', 'error'],
    ['word', 'timeout'],
    ['word', 'k'],
    ['word', 'ошибка'],
    ['word', 'key'],
    ['word', 'i'],
    ['word', 'd'],
    ['term', 'error'],
    ['term', 'Error'],
    ['term', 'error_x'],
    ['term', 'upstream timeout'],
    ['contains', 'timeout'],
    ['contains', 'rror'],
    ['contains', ''],
    ['contains', 'ошиб'],
  ];
  for (const [op, operand] of cases) {
    it(`${op} '${operand}' gives the same rows as the per-value test`, () => {
      const b = block(TEXTS);
      const mask = textMask(op, operand, b.bytes, b.at, b.valid, TEXTS.length);
      const test = textTest(op, operand);
      expect(Array.from(bitsToArray(mask, TEXTS.length))).toEqual(TEXTS.map((t) => (t !== null && test(t) ? 1 : 0)));
    });
  }

  it('follows the whole-word and term rules', () => {
    const word = textTest('word', 'error');
    expect(['an Error: x', 'error-prone', 'x error'].map(word)).toEqual([true, true, true]);
    expect(['errors', 'x_error', 'error1', 'éerror'].map(word)).toEqual([false, false, false, false]);
    const term = textTest('term', 'error');
    expect(['x_error', 'error_x', 'an error:', 'éerror', '错误error日志'].map(term)).toEqual([true, true, true, true, true]);
    expect(['Error', 'errors', 'error123'].map(term)).toEqual([false, false, false]);
    expect(normalizeWord('Timeout')).toBe('timeout');
    expect(normalizeWord('two words')).toBeUndefined();
  });

  it('matches random ASCII and non-ASCII texts like the per-value test', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    const alphabet = ['a', 'e', 'r', 'o', ' ', '_', '-', 'E', 'R', 'é', 'K', '1', 'error', 'Err', ':'];
    const texts = Array.from({ length: 400 }, () => (rand(20) === 0 ? null : Array.from({ length: rand(12) }, () => alphabet[rand(alphabet.length)]).join('')));
    const b = block(texts);
    for (const [op, operand] of [['word', 'error'], ['word', 'e'], ['word', 'k'], ['term', 'error'], ['term', 'e'], ['contains', 'rr']] as [TextOp, string][]) {
      const test = textTest(op, operand);
      expect(Array.from(bitsToArray(textMask(op, operand, b.bytes, b.at, b.valid, texts.length), texts.length))).toEqual(texts.map((t) => (t !== null && test(t) ? 1 : 0)));
    }
  });
});
