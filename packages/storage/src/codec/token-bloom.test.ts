import type { Value } from '@sluice/pipeline-core';
import { describe, expect, it } from 'vitest';
import { ByteWriter } from './byte-writer.js';
import { ChunkView, encodeChunk } from './chunk-codec.js';
import { textTest } from './text-search.js';
import { bloomMayHave, writeTokenBlooms } from './token-bloom.js';

function chunk(messages: readonly Value[], withIndex = true): ChunkView {
  const ts = messages.map((_, i) => BigInt(1000 + i));
  const fields: Value[][] = [messages.map(() => 'info'), [...messages]];
  const w = new ByteWriter(64);
  encodeChunk(w, ['string', 'string'], { tableId: 1, ts, series: ts.map(() => 0), fields });
  if (withIndex) writeTokenBlooms(w, [1], fields);
  return new ChunkView(w.take());
}

describe('full-text filters of a chunk', () => {
  const messages = ['GET /api took 12ms', 'Upstream ERROR: timeout', null, 'x_error ошибка', 'Ǆemo 日本語', 'retry-after', 'K\u212Aelvin'];
  it('never rules out a word the word test finds, and rules out absent words', () => {
    const v = chunk(messages);
    const bloom = v.tokenBloom(1)!;
    expect(bloom).toBeDefined();
    expect(v.tokenBloom(0)).toBeUndefined();
    for (const word of ['get', 'api', '12ms', 'upstream', 'error', 'timeout', 'x_error', 'ошибка', 'ǆemo', '日本語', 'retry', 'after', 'kkelvin']) {
      expect(messages.some((m) => typeof m === 'string' && textTest('word', word)(m))).toBe(true);
      expect(bloomMayHave(bloom, word)).toBe(true);
    }
    const absent = ['warning', 'refused', 'timeouts', 'gets', 'x', 'kelvin', 'zzz', 'alpha', 'beta', 'gamma'];
    expect(absent.filter((w) => bloomMayHave(bloom, w)).length).toBeLessThanOrEqual(1);
  });

  it('random texts: every word found by the word test passes the filter', () => {
    let seed = 3;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const parts = ['err', 'or', ' ', '_', '-', 'É', 'é', 'K', '\u212A', '1', ':', 'İ', 'd', '🙂'];
    const texts = Array.from({ length: 300 }, () => Array.from({ length: rand(10) }, () => parts[rand(parts.length)]).join(''));
    const bloom = chunk(texts).tokenBloom(1)!;
    const words = new Set(texts.flatMap((t) => t.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []));
    for (const w of [...words, 'k', 'i', 'd', 'error', 'err']) {
      if (texts.some((t) => textTest('word', w)(t))) expect(bloomMayHave(bloom, w)).toBe(true);
    }
  });

  it('a chunk written without an index has no filter (nothing is ruled out)', () => {
    expect(chunk(messages, false).tokenBloom(1)).toBeUndefined();
    expect(chunk(messages, false).field(1, 'string')).toEqual(messages);
  });
});
