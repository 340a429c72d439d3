import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decompressBody } from './decompress.js';

// "hello zstd\n" compressed with `zstd -19` (made with the zstd CLI).
const ZSTD_HELLO = Buffer.from('KLUv/QRoWQAAaGVsbG8genN0ZApsV/lR', 'base64');

describe('decompressBody', () => {
  const text = Buffer.from('line one\nline two\n'.repeat(50));

  it('decodes gzip, deflate (zlib and raw), br and zstd', () => {
    expect(decompressBody(gzipSync(text), 'gzip', 1 << 20)).toEqual(text);
    expect(decompressBody(deflateSync(text), 'deflate', 1 << 20)).toEqual(text);
    expect(decompressBody(deflateRawSync(text), 'deflate', 1 << 20)).toEqual(text);
    expect(decompressBody(brotliCompressSync(text), 'br', 1 << 20)).toEqual(text);
    expect(decompressBody(ZSTD_HELLO, 'zstd', 1 << 20).toString()).toBe('hello zstd\n');
    expect(decompressBody(text, undefined, 1)).toBe(text);
  });

  it('answers 413 past the limit and 400 on corrupt data', () => {
    expect(() => decompressBody(gzipSync(text), 'gzip', 100)).toThrow(expect.objectContaining({ httpStatus: 413 }));
    expect(() => decompressBody(ZSTD_HELLO, 'zstd', 4)).toThrow(expect.objectContaining({ httpStatus: 413 }));
    expect(() => decompressBody(Buffer.from('not gzip'), 'gzip', 1000)).toThrow(expect.objectContaining({ httpStatus: 400 }));
    expect(() => decompressBody(Buffer.from('not zstd'), 'zstd', 1000)).toThrow(expect.objectContaining({ httpStatus: 400 }));
  });
});
