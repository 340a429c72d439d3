import { Decompress } from 'fzstd';

/** Thrown when the decoded size passes the limit (mapped to 413 by the caller). */
export class DecodedTooLargeError extends RangeError {
  override name = 'DecodedTooLargeError';
}

/**
 * zstd decoding with a cap on the output, block by block, so a small bomb cannot allocate past the
 * body limit. Uses pure-JS fzstd (Node's own zstd arrives in 22.15/23.8; decompress.ts prefers it).
 */
export function zstdDecompress(input: Buffer, opts: { maxOutputLength: number }): Buffer {
  const parts: Uint8Array[] = [];
  let size = 0;
  const d = new Decompress((chunk) => {
    size += chunk.length;
    if (size > opts.maxOutputLength) throw new DecodedTooLargeError(`decoded zstd body exceeds ${opts.maxOutputLength} bytes`);
    parts.push(chunk);
  });
  d.push(input, true);
  return Buffer.concat(parts, size);
}
