const LOW = 1_000_000_000;

/**
 * The decimal texts of `base`, `base + 1`, `base + 2`, ... (`__seq` of a batch's rows) without a BigInt
 * a row: the base is split into a high part (its text kept) and nine low digits counted as a number.
 */
export class SeqText {
  private high: bigint;
  private highText: string;
  private low: number;

  constructor(base: bigint) {
    if (base < 0n) throw new RangeError(`__seq cannot be negative: ${base}`);
    this.high = base / BigInt(LOW);
    this.highText = this.high === 0n ? '' : String(this.high);
    this.low = Number(base % BigInt(LOW));
  }

  next(): string {
    const text = this.highText === '' ? String(this.low) : this.highText + String(this.low).padStart(9, '0');
    if (++this.low === LOW) {
      this.high += 1n;
      this.highText = String(this.high);
      this.low = 0;
    }
    return text;
  }
}
