import { describe, expect, it } from 'vitest';
import { decodeRemoteWrite, METRIC_NAME_LABEL } from './remote-write.js';
import { int64ToNumber, WriteRequestType, type Int64 } from './prompb.js';

let seed = 11;
const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
const NAMES = ['job', 'instance', 'code', 'é', 'le', 'a b', ''];
const VALUES = ['', 'x', 'host-1:9100', 'ünïcode ✓', '0.5', 'a,b=c'];

/** A random WriteRequest as protobufjs encodes it: unsorted labels, empty values, exemplars, metadata, repeated series, extreme times. */
function randomRequest(): Uint8Array {
  const timeseries = Array.from({ length: rand(6) }, () => {
    const labels = [{ name: METRIC_NAME_LABEL, value: `m${rand(3)}` }];
    for (const name of NAMES.slice(0, rand(NAMES.length))) if (rand(3) > 0 && name !== '') labels.push({ name, value: VALUES[rand(VALUES.length)]! });
    labels.sort(() => rand(3) - 1);
    const samples = Array.from({ length: rand(5) }, () => ({
      value: [1.5, -0, Number.NaN, Infinity, rand(1e6) / 7][rand(5)]!,
      timestamp: [0, -5000, 4_102_444_800_123, 1_700_000_000_000 + rand(1e6), -(2 ** 40)][rand(5)]!,
    }));
    const exemplars = rand(4) === 0 ? [{ labels: [{ name: 'trace_id', value: 'abc' }], value: 1, timestamp: 5 }] : [];
    return { labels, samples, exemplars };
  });
  const metadata = rand(4) === 0 ? [{ type: 1, metricFamilyName: 'm', help: 'h' }] : [];
  return WriteRequestType.encode({ timeseries, metadata }).finish();
}

interface Reference {
  labels: [string, string][];
  samples: [number, number][];
}

/** What the generic protobufjs decoder reads, reduced as decodeRemoteWrite reduces it (null: it throws). */
function reference(bytes: Uint8Array): { series: Reference[]; metadata: number } | null {
  let msg: { timeseries?: { labels?: { name: string; value: string }[]; samples?: { value: number; timestamp: Int64 }[] }[]; metadata?: unknown[] };
  try {
    msg = WriteRequestType.decode(bytes) as typeof msg;
  } catch {
    return null;
  }
  const series = (msg.timeseries ?? []).map((s) => ({
    labels: (s.labels ?? [])
      .filter((l) => l.value !== '')
      .map((l): [string, string] => [l.name, l.value])
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
    samples: (s.samples ?? []).map((x): [number, number] => [x.value ?? 0, int64ToNumber(x.timestamp)]),
  }));
  return { series, metadata: (msg.metadata ?? []).length };
}

function ours(bytes: Uint8Array): { series: Reference[]; metadata: number } | null {
  try {
    const d = decodeRemoteWrite(bytes);
    return {
      series: d.series.map((s) => ({ labels: s.labels.map((l): [string, string] => [l[0], l[1]]), samples: [...s.values].map((v, i): [number, number] => [v, s.timestamps[i]!]) })),
      metadata: d.metadataCount,
    };
  } catch {
    return null;
  }
}

describe('remote write reader (differential against protobufjs decoding the same bytes)', () => {
  it('reads what the generic decoder reads, for random requests and every truncation of them', () => {
    for (let round = 0; round < 60; round++) {
      const bytes = randomRequest();
      const want = reference(bytes);
      // Every reference series has a name and no repeated label here, so decodeRemoteWrite accepts it all.
      expect(ours(bytes)).toEqual(want);
      // Twice: the second read of the same label bytes comes from the label cache.
      expect(ours(bytes)).toEqual(want);
      for (let cut = 0; cut < bytes.length; cut += 1 + rand(4)) {
        const part = bytes.subarray(0, cut);
        const ref = reference(part);
        const got = ours(part);
        // A cut that leaves a valid message (at a field boundary) reads the same; one that does not fails both.
        if (ref === null || ref.series.some((s) => !s.labels.some((l) => l[0] === METRIC_NAME_LABEL))) expect(got).toBeNull();
        else expect(got).toEqual(ref);
      }
    }
  });

  it("keeps the staleness marker's NaN payload bit for bit and reads samples interleaved with labels", () => {
    const stale = Buffer.from([2, 0, 0, 0, 0, 0, 0xf0, 0x7f]);
    // TimeSeries: a sample (value = staleness marker, timestamp 7) between two labels.
    const label = (n: string, v: string) => Buffer.concat([Buffer.from([0x0a, n.length]), Buffer.from(n), Buffer.from([0x12, v.length]), Buffer.from(v)]);
    const sample = Buffer.concat([Buffer.from([0x09]), stale, Buffer.from([0x10, 7])]);
    const l1 = label('__name__', 'up');
    const l2 = label('job', 'j');
    const ts = Buffer.concat([Buffer.from([0x0a, l1.length]), l1, Buffer.from([0x12, sample.length]), sample, Buffer.from([0x0a, l2.length]), l2]);
    const body = Buffer.concat([Buffer.from([0x0a, ts.length]), ts]);
    for (let k = 0; k < 2; k++) {
      const d = decodeRemoteWrite(body);
      expect(d.series[0]!.labels).toEqual([['__name__', 'up'], ['job', 'j']]);
      expect(d.series[0]!.metric).toBe('up');
      expect(d.series[0]!.tags).toEqual([['job', 'j']]);
      expect([...d.series[0]!.timestamps]).toEqual([7]);
      expect(Buffer.from(d.series[0]!.values.buffer, d.series[0]!.values.byteOffset, 8)).toEqual(stale);
    }
  });
});
