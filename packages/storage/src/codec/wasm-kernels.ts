import { presentCount } from './chunk-decode.js';
import { KERNELS_WASM } from './kernels-wasm.js';

/**
 * Hot loops of the chunk read path in WebAssembly (kernels.wat): LZ4 decoding and the byte-plane transpose
 * of float64 blocks, and grouped float sums by series id. In JavaScript these were most of a GROUP BY's CPU
 * (a 1M-row `count(*), avg(latency_ms) ... GROUP BY host`: the LZ4 loop byte by byte with a `copyWithin`
 * per match, a 4x4 transpose per four values, and a per-row loop whose optimized code V8 made 3-5x slower
 * than the same loop inlined); here LZ4 copies 8 or 16 bytes at a time, the transpose is 24 SIMD shuffles
 * per 16 values and the grouped sum costs a few instructions per row. One module instance per thread; its
 * memory holds
 *
 *   [0, scratch)        one chunk's work: the stored block (read up to 16 bytes past its end), the raw
 *                       block (null bitmap, planes; 16 bytes of slack for over-copies), the present values
 *                       (16-aligned), then a copy of the chunk's series ids (GroupSums)
 *   [scratch, ...)      the state of the GroupSums being filled, if any: series id → group (i32), then
 *                       counts and sums (f64) per group
 *
 * Results are views on that memory, valid until the next call (growing the memory replaces its buffer).
 */
interface Exports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  lz4(p: number, end: number, o: number, oend: number): number;
  planes(src: number, m: number, dst: number): void;
  sumByIds(ids: number, width: number, base: number, vals: number, k: number, n: number, map: number, mapLen: number, counts: number, sums: number): number;
  countByIds(ids: number, width: number, base: number, k: number, n: number, map: number, mapLen: number, counts: number): number;
}

/** The WebAssembly API (a Node global; this package's TypeScript libs do not declare it). */
const wasm = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object; Instance: new (m: object, imports: object) => { exports: unknown } } }).WebAssembly;

let kernels: Exports | undefined;
/** Float blocks decoded so far: a caller holding views of one decode checks it is still the latest. */
let decodes = 0;
/** A view of the whole memory (replaced when it grows). */
let bytes = new Uint8Array(0);
/** Bytes at the start of memory for one chunk's work; the group state (if any) starts here. */
let scratch = 0;
/** The GroupSums whose state follows the scratch region. */
let active: GroupSums | undefined;

function instance(): Exports {
  if (kernels === undefined) {
    kernels = new wasm.Instance(new wasm.Module(Buffer.from(KERNELS_WASM, 'base64')), {}).exports as Exports;
    bytes = new Uint8Array(kernels.memory.buffer);
  }
  return kernels;
}

/** Memory of at least `size` bytes (a fresh view when it grew). */
function grow(k: Exports, size: number): void {
  const have = k.memory.buffer.byteLength;
  if (have < size) {
    k.memory.grow(Math.ceil((size - have) / 65_536));
    // Views of earlier decodes are detached now.
    decodes++;
  }
  if (bytes.buffer !== k.memory.buffer) bytes = new Uint8Array(k.memory.buffer);
}

/** A scratch region of at least `size` bytes: the group state, if any, moves up (the scratch keeps its bytes). */
function reserveScratch(k: Exports, size: number): Uint8Array {
  if (size > scratch) {
    const next = align16(Math.max(size, 2 * scratch, 65_536));
    if (active !== undefined) active.moveTo(k, next);
    else grow(k, next);
    scratch = next;
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
  const floatsAt = align16(rawAt + raw + 16);
  const mem = reserveScratch(k, floatsAt + 8 * count + 16);
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
  const mem = reserveScratch(k, rawAt + raw + 16);
  mem.set(stored.subarray(4), 0);
  const n = k.lz4(0, stored.length - 4, rawAt, rawAt + raw);
  if (n !== raw) throw new Error(n < 0 ? 'lz4 block: malformed' : `lz4 block: ${n} bytes decoded, ${raw} expected`);
  return mem.slice(rawAt, rawAt + raw);
}

/** Series ids stored in place in a chunk (ChunkView.seriesInPlace): row i's id is base + the width-byte number at bytes[at + i·width]. */
export interface IdsInPlace {
  readonly bytes: Uint8Array;
  readonly at: number;
  readonly base: number;
  readonly width: number;
}

/**
 * Per-group count and float sum kept in the kernels' memory, filled chunk by chunk in row order (so each
 * group's sum adds the same values in the same order as a loop over the rows would). One at a time per
 * thread: `GroupSums.begin()` takes the state region (a previous GroupSums is dropped). A chunk: decode its
 * float block (decodeFloatBlock), `load` its ids, then `add` until it returns n; a row whose series has no
 * group yet stops `add`, and the caller numbers the group (`setGroup`) and calls `add` again from that row.
 */
export class GroupSums {
  /** Offset of the state: map (i32 × mapCap), then counts and sums (f64 × groupCap each). */
  private at = 0;
  private mapCap = 0;
  private groupCap = 0;
  private idsAt = 0;
  private width = 0;
  private base = 0;
  private valuesAt = 0;

  private constructor() {}

  static begin(): GroupSums {
    const k = instance();
    const g = new GroupSums();
    active = undefined;
    reserveScratch(k, 65_536);
    g.at = align16(scratch);
    active = g;
    g.resize(k, 1024, 1024);
    return g;
  }

  private get countsAt(): number {
    return this.at + 4 * this.mapCap;
  }

  private get sumsAt(): number {
    return this.countsAt + 8 * this.groupCap;
  }

  private get size(): number {
    return 4 * this.mapCap + 16 * this.groupCap;
  }

  /** Moves the state to `to` (higher), for a larger scratch region. */
  moveTo(k: Exports, to: number): void {
    grow(k, to + this.size);
    bytes.copyWithin(to, this.at, this.at + this.size);
    this.at = to;
  }

  /** Room for series ids below mapCap and groups below groupCap: the state grows in place (new entries: no group, zeros). */
  private resize(k: Exports, mapCap: number, groupCap: number): void {
    const old = { map: this.mapCap, groups: this.groupCap, counts: this.countsAt, sums: this.sumsAt };
    this.mapCap = mapCap;
    this.groupCap = groupCap;
    grow(k, this.at + this.size);
    // Sums first: their new place is the highest, and each move only goes up.
    bytes.copyWithin(this.sumsAt, old.sums, old.sums + 8 * old.groups);
    bytes.fill(0, this.sumsAt + 8 * old.groups, this.sumsAt + 8 * groupCap);
    bytes.copyWithin(this.countsAt, old.counts, old.counts + 8 * old.groups);
    bytes.fill(0, this.countsAt + 8 * old.groups, this.countsAt + 8 * groupCap);
    bytes.fill(0xff, this.at + 4 * old.map, this.at + 4 * mapCap);
  }

  /** Rows of series `sid` belong to `group` from now on. */
  setGroup(sid: number, group: number): void {
    if (sid >= this.mapCap || group >= this.groupCap) {
      const mapCap = sid < this.mapCap ? this.mapCap : Math.max(sid + 1, 2 * this.mapCap);
      this.resize(instance(), mapCap, group < this.groupCap ? this.groupCap : Math.max(group + 1, 2 * this.groupCap));
    }
    new Int32Array(bytes.buffer, this.at, this.mapCap)[sid] = group;
  }

  /**
   * The chunk's ids (n rows) and, for `add`, its decoded values (from decodeFloatBlock, just before;
   * `count` needs none).
   */
  load(ids: IdsInPlace, n: number, values?: Float64Array): void {
    this.valuesAt = values === undefined ? -1 : values.byteOffset;
    const k = instance();
    // After the values (the scratch keeps its bytes when it grows).
    const idsAt = values === undefined ? 0 : align16(this.valuesAt + 8 * n + 16);
    const mem = reserveScratch(k, idsAt + n * ids.width);
    mem.set(ids.bytes.subarray(ids.at, ids.at + n * ids.width), idsAt);
    this.idsAt = idsAt;
    this.width = ids.width;
    this.base = ids.base;
  }

  /** Adds rows from..n−1 of the loaded chunk to counts and sums; returns the first row whose series has no group, else n. */
  add(from: number, n: number): number {
    if (this.valuesAt < 0) throw new Error('GroupSums.add: no values loaded');
    return instance().sumByIds(this.idsAt, this.width, this.base, this.valuesAt, from, n, this.at, this.mapCap, this.countsAt, this.sumsAt);
  }

  /** `add` for counts alone. */
  count(from: number, n: number): number {
    return instance().countByIds(this.idsAt, this.width, this.base, from, n, this.at, this.mapCap, this.countsAt);
  }

  /** The series id of row k of the loaded chunk. */
  idOf(k: number): number {
    const at = this.idsAt + k * this.width;
    const b = bytes;
    const v = this.width === 1 ? b[at]! : this.width === 2 ? b[at]! | (b[at + 1]! << 8) : (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) + b[at + 3]! * 0x1000000;
    return this.base + v;
  }

  /** Copies the first `groups` counts (and sums) out (into arrays at least that long). */
  readInto(groups: number, counts: Float64Array, sums?: Float64Array): void {
    counts.set(new Float64Array(bytes.buffer, this.countsAt, groups));
    sums?.set(new Float64Array(bytes.buffer, this.sumsAt, groups));
  }

  /** Gives the state region back. */
  end(): void {
    if (active === this) active = undefined;
  }
}
