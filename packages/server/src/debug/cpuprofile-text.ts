import { frameName, indexProfile, stackOf, type CpuProfile } from './cpuprofile.js';

/** Folded stacks (`root;caller;leaf count` per line), the input of flamegraph.pl and speedscope. */
export function toFoldedStacks(p: CpuProfile): string {
  const idx = indexProfile(p);
  const lines: string[] = [];
  for (const [id, count] of idx.counts) {
    const stack = stackOf(id, idx).reverse().map((n) => frameName(idx.byId.get(n)!).replace(/;/g, ','));
    if (stack.length > 0) lines.push(`${stack.join(';')} ${count}`);
  }
  return lines.sort().join('\n') + '\n';
}

/** A plain-text report: functions by self samples, with self and total percentages. */
export function toTextReport(p: CpuProfile, top = 50): string {
  const idx = indexProfile(p);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  for (const [id, count] of idx.counts) {
    all += count;
    const names = stackOf(id, idx).map((n) => frameName(idx.byId.get(n)!));
    if (names[0] !== undefined) self.set(names[0], (self.get(names[0]) ?? 0) + count);
    for (const name of new Set(names)) total.set(name, (total.get(name) ?? 0) + count);
  }
  const pct = (n: number) => `${((100 * n) / Math.max(all, 1)).toFixed(2).padStart(6)}%`;
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  const head = `CPU profile: ${all} samples, ${((p.endTime - p.startTime) / 1e6).toFixed(2)} s, interval ${idx.intervalUs} us\n   self   total  function\n`;
  return head + rows.map(([name, n]) => `${pct(n)} ${pct(total.get(name) ?? n)}  ${name}`).join('\n') + '\n';
}
