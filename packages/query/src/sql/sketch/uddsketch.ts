/**
 * UDDSketch (Epicoco et al.; the sketch GreptimeDB's `uddsketch_state` builds): values fall in
 * logarithmic buckets of relative error `alpha` (gamma = (1 + alpha) / (1 - alpha), key = ceil(ln|v| /
 * ln gamma)); past `maxBuckets` buckets, neighbouring buckets merge (gamma squared, alpha grows). A
 * quantile walks the buckets in value order and answers the bucket's value gamma^(key-1) * (1 + alpha).
 * States are our own binary encoding (`UDD1`), read back by `uddsketch_calc` and `uddsketch_merge`.
 */
export interface UddSketch {
  readonly maxBuckets: number;
  readonly initialError: number;
  compactions: number;
  alpha: number;
  gamma: number;
  count: number;
  sum: number;
  /** sign (-1, 0, 1) and key → count. */
  readonly buckets: Map<string, number>;
}

export const MAX_SKETCH_BUCKETS = 65_536;

export function newSketch(maxBuckets: number, error: number): UddSketch {
  return { maxBuckets, initialError: error, compactions: 0, alpha: error, gamma: (1 + error) / (1 - error), count: 0, sum: 0, buckets: new Map() };
}

function keyOf(s: UddSketch, v: number): string {
  if (v === 0) return '0:0';
  const k = Math.ceil(Math.log(Math.abs(v)) / Math.log(s.gamma));
  return `${v < 0 ? -1 : 1}:${k}`;
}

const parse = (key: string): [number, number] => {
  const i = key.indexOf(':');
  return [Number(key.slice(0, i)), Number(key.slice(i + 1))];
};

/** The key after one compaction (Rust's integer division truncates toward zero). */
const compactKey = (k: number): number => (k > 0 ? Math.trunc((k + 1) / 2) : Math.trunc(k / 2));

function compact(s: UddSketch): void {
  const old = [...s.buckets];
  s.buckets.clear();
  for (const [key, n] of old) {
    const [sign, k] = parse(key);
    const nk = sign === 0 ? key : `${sign}:${compactKey(k)}`;
    s.buckets.set(nk, (s.buckets.get(nk) ?? 0) + n);
  }
  s.compactions++;
  s.alpha = (2 * s.alpha) / (1 + s.alpha * s.alpha);
  s.gamma = s.gamma * s.gamma;
}

export function addValue(s: UddSketch, v: number): void {
  const key = keyOf(s, v);
  s.buckets.set(key, (s.buckets.get(key) ?? 0) + 1);
  s.count++;
  s.sum += v;
  while (s.buckets.size > s.maxBuckets) compact(s);
}

/** Adds `o` into `s`; both must have been made with the same parameters. */
export function mergeSketch(s: UddSketch, o: UddSketch): void {
  const other = { ...o, buckets: new Map(o.buckets) };
  while (s.compactions < other.compactions) compact(s);
  while (other.compactions < s.compactions) compact(other);
  for (const [k, n] of other.buckets) s.buckets.set(k, (s.buckets.get(k) ?? 0) + n);
  s.count += other.count;
  s.sum += other.sum;
  while (s.buckets.size > s.maxBuckets) compact(s);
}

function valueOf(s: UddSketch, sign: number, k: number): number {
  if (sign === 0) return 0;
  const v = s.gamma ** (k - 1) * (1 + s.alpha);
  return sign < 0 ? -v : v;
}

/** The estimated `q`-quantile (0 ≤ q ≤ 1), or null for an empty sketch. */
export function quantile(s: UddSketch, q: number): number | null {
  if (s.count === 0) return null;
  const ordered = [...s.buckets]
    .map(([key, n]) => [...parse(key), n] as const)
    .sort((a, b) => (a[0] !== b[0] ? a[0] - b[0] : a[0] < 0 ? b[1] - a[1] : a[1] - b[1]));
  let remaining = Math.floor(s.count * q) + 1;
  if (remaining >= s.count) {
    const last = ordered[ordered.length - 1]!;
    return valueOf(s, last[0], last[1]);
  }
  for (const [sign, k, n] of ordered) {
    if (remaining <= n) return valueOf(s, sign, k);
    remaining -= n;
  }
  return null;
}

const MAGIC = 0x55444431; // 'UDD1'

export function encodeSketch(s: UddSketch): Uint8Array {
  const out = new DataView(new ArrayBuffer(4 + 4 + 8 + 4 + 8 + 8 + 4 + s.buckets.size * 13));
  let p = 0;
  out.setUint32(p, MAGIC), (p += 4);
  out.setUint32(p, s.maxBuckets), (p += 4);
  out.setFloat64(p, s.initialError), (p += 8);
  out.setUint32(p, s.compactions), (p += 4);
  out.setFloat64(p, s.count), (p += 8);
  out.setFloat64(p, s.sum), (p += 8);
  out.setUint32(p, s.buckets.size), (p += 4);
  for (const [key, n] of s.buckets) {
    const [sign, k] = parse(key);
    out.setInt8(p, sign), (p += 1);
    out.setInt32(p, k), (p += 4);
    out.setFloat64(p, n), (p += 8);
  }
  return new Uint8Array(out.buffer);
}

/** A state back, or undefined when the bytes are not one. */
export function decodeSketch(b: Uint8Array): UddSketch | undefined {
  if (b.length < 40) return undefined;
  const d = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (d.getUint32(0) !== MAGIC) return undefined;
  const maxBuckets = d.getUint32(4);
  const error = d.getFloat64(8);
  const compactions = d.getUint32(16);
  const n = d.getUint32(36);
  if (!(error > 0 && error < 1) || maxBuckets < 1 || maxBuckets > MAX_SKETCH_BUCKETS || compactions > 63 || n > maxBuckets || b.length !== 40 + n * 13) return undefined;
  const s = newSketch(maxBuckets, error);
  for (let i = 0; i < compactions; i++) {
    s.alpha = (2 * s.alpha) / (1 + s.alpha * s.alpha);
    s.gamma *= s.gamma;
  }
  s.compactions = compactions;
  s.count = d.getFloat64(20);
  s.sum = d.getFloat64(28);
  for (let i = 0, p = 40; i < n; i++, p += 13) s.buckets.set(`${d.getInt8(p)}:${d.getInt32(p + 1)}`, d.getFloat64(p + 5));
  return s;
}
