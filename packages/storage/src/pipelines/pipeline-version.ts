/**
 * Pipeline versions: the creation time as `YYYY-MM-DD HH:MM:SS.fffffffff` (UTC), from a clock that
 * is exact to the nanosecond and strictly increasing within the process.
 */
export class VersionClock {
  private last = 0n;
  private readonly base = BigInt(Date.now()) * 1_000_000n - process.hrtime.bigint();

  constructor(private readonly nowMs?: () => number) {}

  next(): string {
    let ns = this.nowMs ? BigInt(Math.floor(this.nowMs())) * 1_000_000n : this.base + process.hrtime.bigint();
    if (ns <= this.last) ns = this.last + 1n;
    this.last = ns;
    return formatVersion(ns);
  }

  /** Never go back behind a version already stored (e.g. after a restart with a clock step). */
  observe(version: string): void {
    const ns = parseVersion(version);
    if (ns !== undefined && ns > this.last) this.last = ns;
  }
}

export function formatVersion(ns: bigint): string {
  const ms = Number(ns / 1_000_000n);
  const iso = new Date(ms).toISOString(); // yyyy-mm-ddThh:mm:ss.mmmZ
  const frac = (ns % 1_000_000_000n).toString().padStart(9, '0');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${frac}`;
}

export function parseVersion(v: string): bigint | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})\.(\d{9})$/.exec(v);
  if (!m) return undefined;
  const secs = Date.parse(`${m[1]}T${m[2]}Z`);
  if (Number.isNaN(secs)) return undefined;
  return BigInt(secs) * 1_000_000n + BigInt(m[3]!);
}
