import { createHash } from 'node:crypto';

/**
 * HyperLogLog with 2^14 registers (GreptimeDB's `hll` uses HyperLogLog++ at precision 14): a value's
 * 64-bit hash picks a register by its top 14 bits and keeps the longest run of leading zeros after
 * them; small counts use linear counting, so they are exact unless hashes collide. States are our own
 * encoding (`HLL1` + one byte per register).
 */
export const HLL_P = 14;
const M = 1 << HLL_P;
const MAGIC = [0x48, 0x4c, 0x4c, 0x31]; // 'HLL1'

export const newHll = (): Uint8Array => new Uint8Array(M);

export function addHll(regs: Uint8Array, text: string): void {
  const h = createHash('md5').update(text).digest();
  const hi = h.readUInt32BE(0);
  const lo = h.readUInt32BE(4);
  const idx = hi >>> (32 - HLL_P);
  // The 50 bits after the index: 18 of `hi`, then 32 of `lo`.
  const rest18 = hi & ((1 << (32 - HLL_P)) - 1);
  let rank: number;
  if (rest18 !== 0) rank = Math.clz32(rest18) - HLL_P + 1;
  else rank = lo !== 0 ? 32 - HLL_P + Math.clz32(lo) + 1 : 64 - HLL_P + 1;
  if (rank > regs[idx]!) regs[idx] = rank;
}

export function mergeHll(into: Uint8Array, other: Uint8Array): void {
  for (let i = 0; i < M; i++) if (other[i]! > into[i]!) into[i] = other[i]!;
}

export function countHll(regs: Uint8Array): number {
  let sum = 0;
  let zeros = 0;
  for (let i = 0; i < M; i++) {
    sum += 2 ** -regs[i]!;
    if (regs[i] === 0) zeros++;
  }
  const alpha = 0.7213 / (1 + 1.079 / M);
  const raw = (alpha * M * M) / sum;
  const est = raw <= 2.5 * M && zeros > 0 ? M * Math.log(M / zeros) : raw;
  return Math.round(est);
}

export function encodeHll(regs: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + M);
  out.set(MAGIC, 0);
  out.set(regs, 4);
  return out;
}

export function decodeHll(b: Uint8Array): Uint8Array | undefined {
  if (b.length !== 4 + M || MAGIC.some((x, i) => b[i] !== x)) return undefined;
  const regs = b.slice(4);
  if (regs.some((r) => r > 64 - HLL_P + 1)) return undefined;
  return regs;
}
