/**
 * Values kept by the wire bytes they were decoded from (a remote write sender repeats its series'
 * label bytes request after request): a byte hash picks the bucket, the bytes themselves decide.
 * Two generations of at most `size` entries each; the older is dropped when the newer fills, and an
 * entry found in the older moves to the newer.
 */
export class BytesCache<T> {
  private current = new Map<number, Entry<T>[]>();
  private older = new Map<number, Entry<T>[]>();
  private count = 0;

  constructor(private readonly size: number) {}

  get(buf: Uint8Array, from: number, to: number): T | undefined {
    const h = hashBytes(buf, from, to);
    const hit = find(this.current.get(h), buf, from, to);
    if (hit !== undefined) return hit.value;
    const old = find(this.older.get(h), buf, from, to);
    if (old !== undefined) this.add(h, old);
    return old?.value;
  }

  set(buf: Uint8Array, from: number, to: number, value: T): void {
    this.add(hashBytes(buf, from, to), { bytes: Buffer.from(Uint8Array.prototype.slice.call(buf, from, to).buffer), value });
  }

  private add(h: number, e: Entry<T>): void {
    if (this.count >= this.size) {
      this.older = this.current;
      this.current = new Map();
      this.count = 0;
    }
    const list = this.current.get(h);
    if (list === undefined) this.current.set(h, [e]);
    else list.push(e);
    this.count++;
  }
}

interface Entry<T> {
  readonly bytes: Buffer;
  readonly value: T;
}

function find<T>(list: Entry<T>[] | undefined, buf: Uint8Array, from: number, to: number): Entry<T> | undefined {
  if (list === undefined) return undefined;
  for (const e of list) {
    // Buffer#compare over a range of `buf`: one native comparison, no view made.
    if (e.bytes.length === to - from && e.bytes.compare(buf, from, to) === 0) return e;
  }
  return undefined;
}

/** FNV-1a over bytes [from, to). */
function hashBytes(buf: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let k = from; k < to; k++) h = Math.imul(h ^ buf[k]!, 0x01000193);
  return h;
}
