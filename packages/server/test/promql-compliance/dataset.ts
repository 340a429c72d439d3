/**
 * A deterministic metrics dataset for the PromQL compliance test: counters with resets, gauges with
 * negatives, classic histogram buckets, a sparse series with gaps longer than the lookback, and
 * samples with millisecond jitter so range windows do not only cut exactly at sample times.
 */
export interface GenSeries {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly samples: readonly (readonly [number, number])[];
}

export const T0_MS = 1_700_000_000_000;
export const SPAN_MS = 60 * 60_000;
const INTERVAL_MS = 15_000;

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function times(r: () => number, every = INTERVAL_MS, skip?: (i: number) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0, t = T0_MS; t < T0_MS + SPAN_MS; i++, t += every) {
    if (skip?.(i)) continue;
    out.push(t + Math.floor(r() * 900));
  }
  return out;
}

export function generateDataset(): GenSeries[] {
  const r = rng(42);
  const out: GenSeries[] = [];
  for (const job of ['api', 'web', 'batch']) {
    for (const instance of ['a:9100', 'b:9100']) {
      for (const method of ['GET', 'POST']) {
        let v = Math.floor(r() * 100);
        const samples = times(r).map((t, i) => {
          v = i > 0 && r() < 0.02 ? Math.floor(r() * 5) : v + Math.floor(r() * 20);
          return [t, v] as const;
        });
        out.push({ name: 'http_requests_total', labels: { job, instance, method }, samples });
      }
    }
  }
  for (const host of ['h1', 'h2', 'h3']) {
    for (const zone of ['east', 'west']) {
      let v = 20 + r() * 10;
      const samples = times(r).map((t) => {
        v += (r() - 0.5) * 4;
        return [t, Math.round((v - 25) * 1000) / 100] as const;
      });
      out.push({ name: 'node_temperature_celsius', labels: { host, zone }, samples });
    }
  }
  const bounds = ['0.1', '0.5', '1', '5', '+Inf'];
  for (const job of ['api', 'web']) {
    const counts = bounds.map(() => 0);
    const ts = times(r);
    const perBucket = bounds.map(() => [] as [number, number][]);
    for (const t of ts) {
      const n = Math.floor(r() * 30);
      for (let k = 0; k < n; k++) {
        const x = r() * r() * 8;
        bounds.forEach((b, bi) => {
          if (b === '+Inf' || x <= Number(b)) counts[bi]!++;
        });
      }
      bounds.forEach((_, bi) => perBucket[bi]!.push([t, counts[bi]!]));
    }
    bounds.forEach((le, bi) => out.push({ name: 'request_duration_seconds_bucket', labels: { job, le }, samples: perBucket[bi]! }));
  }
  for (const job of ['api', 'web']) {
    // Gaps of 10 minutes: instant selectors see nothing once the lookback runs out.
    out.push({ name: 'errors_total', labels: { job }, samples: times(r, 30_000, (i) => i % 40 >= 20).map((t, i) => [t, i * (job === 'api' ? 1 : 3)] as const) });
  }
  out.push({ name: 'up', labels: { job: 'api', instance: 'a:9100' }, samples: times(r).map((t) => [t, 1] as const) });
  out.push({ name: 'up', labels: { job: 'web', instance: 'b:9100' }, samples: times(r).map((t, i) => [t, i % 50 < 45 ? 1 : 0] as const) });
  return out;
}

/** OpenMetrics text for `promtool tsdb create-blocks-from openmetrics` (timestamps in seconds). */
export function toOpenMetrics(series: readonly GenSeries[]): string {
  const byName = new Map<string, GenSeries[]>();
  for (const s of series) byName.set(s.name, [...(byName.get(s.name) ?? []), s]);
  const lines: string[] = [];
  for (const [name, ss] of byName) {
    lines.push(`# TYPE ${name} gauge`);
    for (const s of ss) {
      const ls = Object.entries(s.labels).map(([k, v]) => `${k}="${v}"`).join(',');
      for (const [t, v] of s.samples) lines.push(`${name}{${ls}} ${v} ${(t / 1000).toFixed(3)}`);
    }
  }
  lines.push('# EOF');
  return `${lines.join('\n')}\n`;
}
