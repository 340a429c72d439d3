/**
 * A map from 32-bit integer keys (hashes) to non-negative integers, open addressing over typed arrays:
 * no boxed number or Map entry per key, for the tight loops that index a chunk's tokens.
 */
export class IntMap32 {
  private keys = new Int32Array(64);
  /** value + 1 per slot; 0: empty. */
  private vals = new Int32Array(64);
  size = 0;

  private slot(key: number): number {
    const mask = this.keys.length - 1;
    let i = (Math.imul(key, 0x9e3779b1) >>> 7) & mask;
    while (this.vals[i] !== 0 && this.keys[i] !== key) i = (i + 1) & mask;
    return i;
  }

  /** The key's value; −1 when absent. */
  get(key: number): number {
    return this.vals[this.slot(key | 0)]! - 1;
  }

  set(key: number, value: number): void {
    const k = key | 0;
    let i = this.slot(k);
    if (this.vals[i] === 0) {
      if ((this.size + 1) * 2 > this.keys.length) {
        this.grow();
        i = this.slot(k);
      }
      this.size++;
      this.keys[i] = k;
    }
    this.vals[i] = value + 1;
  }

  /** Calls `f` with each key (as an unsigned 32-bit number). */
  forEach(f: (key: number) => void): void {
    for (let i = 0; i < this.vals.length; i++) if (this.vals[i] !== 0) f(this.keys[i]! >>> 0);
  }

  private grow(): void {
    const { keys, vals } = this;
    this.keys = new Int32Array(keys.length * 2);
    this.vals = new Int32Array(keys.length * 2);
    for (let i = 0; i < keys.length; i++) {
      if (vals[i] === 0) continue;
      const j = this.slot(keys[i]!);
      this.keys[j] = keys[i]!;
      this.vals[j] = vals[i]!;
    }
  }
}
