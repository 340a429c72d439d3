import { presentCount } from './chunk-decode.js';
import { KERNELS_WASM } from './kernels-wasm.js';

/**
 * The float64 block decoder of the read path in WebAssembly (kernels.wat): LZ4 block decoding and the
 * byte-plane transpose (SIMD shuffles, 16 values at a time). In JavaScript these were most of a GROUP BY's
 * CPU (a 1M-row `avg(latency_ms) GROUP BY host`: the LZ4 loop byte by byte and `copyWithin` per match,
 * and a 4x4 transpose per four values); here LZ4 copies 8 or 16 bytes at a time and the transpose is 24
 * shuffles per 16 values. One module instance per thread, its memory reused from call to call:
 *
 *   [0, IN)                the stored block (input, read up to 16 bytes past its end)
 *   [IN, IN + raw + 16)    the raw block (null bitmap, then the planes), 16 bytes of slack for over-copies
 *   [F, F + 8 m)           the m present values (F 16-aligned)
 *
 * Results are views on that memory, valid until the next call (growing the memory replaces its buffer).
 */
interface Exports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  lz4(p: number, end: number, o: number, oend: number): number;
  planes(src: number, m: number, dst: number): void;
}

/** The WebAssembly API (a Node global; this package's TypeScript libs do not declare it). */
const wasm = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object; Instance: new (m: object, imports: object) => { exports: unknown } } }).WebAssembly;

let kernels: Exports | undefined;
/** Float blocks decoded so far: a caller holding views of one decode checks it is still the latest. */
let decodes = 0;
let bytes = new Uint8Array(0);

function instance(): Exports {
  if (kernels === undefined) {
    kernels = new wasm.Instance(new wasm.Module(Buffer.from(KERNELS_WASM, 'base64')), {}).exports as Exports;
    bytes = new Uint8Array(kernels.memory.buffer);
  }
  return kernels;
}

/** The module's memory, at least `size` bytes (a fresh view when it grew). */
function memoryOf(k: Exports, size: number): Uint8Array {
  if (bytes.length < size) {
    const have = k.memory.buffer.byteLength;
    if (have < size) k.memory.grow(Math.ceil((size - have) / 65_536));
    bytes = new Uint8Array(k.memory.buffer);
  }
  return bytes;
}

const align16 = (x: number) => (x + 15) & ~15;

/** A float64 block decoded: its null bitmap and present values, views valid until the next call. */
export interface DecodedFloats {
  readonly valid: Uint8Array;
  readonly values: Float64Array;
}

/**
 * Decodes a float64 field block of `count` rows: `stored` is the block's bytes after its codec byte and
 * length (LZ4: u32 raw length, then one LZ4 block; raw: the bytes themselves): a null bitmap, then the
 * present values as 8 byte planes (codec/chunk-codec.ts). Throws on a malformed block.
 */
export function decodeFloatBlock(stored: Uint8Array, lz4: boolean, count: number): DecodedFloats {
  const k = instance();
  decodes++;
  const bitmapLen = (count + 7) >> 3;
  const inLen = stored.length;
  const raw = lz4 ? lz4Length(stored) : inLen;
  if (raw > bitmapLen + 8 * count) throw new Error(`float64 block of ${raw} bytes for ${count} rows`);
  const rawAt = align16(inLen + 16);
  // The values start 16-aligned after the raw block and its slack.
  const floatsAt = align16(rawAt + raw + 16);
  const mem = memoryOf(k, floatsAt + 8 * count + 16);
  if (lz4) {
    mem.set(stored.subarray(4), 0);
    const n = k.lz4(0, inLen - 4, rawAt, rawAt + raw);
    if (n !== raw) throw new Error(n < 0 ? 'lz4 block: malformed' : `lz4 block: ${n} bytes decoded, ${raw} expected`);
  } else mem.set(stored, rawAt);
  const valid = mem.subarray(rawAt, rawAt + bitmapLen);
  const m = presentCount(valid, count);
  if (bitmapLen + 8 * m !== raw) throw new Error(`float64 block of ${raw} bytes does not hold ${m} values`);
  k.planes(rawAt + bitmapLen, m, floatsAt);
  return { valid, values: new Float64Array(k.memory.buffer, floatsAt, m) };
}

/** Float blocks decoded so far (the views of decode number d are valid while this returns d). */
export function floatDecodeCount(): number {
  return decodes;
}

/** The raw length of a stored LZ4 block (its u32 little-endian prefix). */
function lz4Length(stored: Uint8Array): number {
  if (stored.length < 4) throw new Error('lz4 block: shorter than its length');
  return (stored[0]! | (stored[1]! << 8) | (stored[2]! << 16)) + stored[3]! * 0x1000000;
}

/** The LZ4 kernel alone (tests): decodes the stored block (u32 raw length, LZ4 block) into a new array. */
export function lz4Decode(stored: Uint8Array): Uint8Array {
  const k = instance();
  const raw = lz4Length(stored);
  const rawAt = align16(stored.length + 16);
  const mem = memoryOf(k, rawAt + raw + 16);
  mem.set(stored.subarray(4), 0);
  const n = k.lz4(0, stored.length - 4, rawAt, rawAt + raw);
  if (n !== raw) throw new Error(n < 0 ? 'lz4 block: malformed' : `lz4 block: ${n} bytes decoded, ${raw} expected`);
  return mem.slice(rawAt, rawAt + raw);
}
