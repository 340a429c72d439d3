import { gzipSync } from 'node:zlib';
import { Function as PFunction, Location, Profile, Sample, StringTable, ValueType } from 'pprof-format';
import { indexProfile, stackOf, type CpuProfile } from './cpuprofile.js';

/** Converts a V8 CPU profile to gzipped pprof protobuf (`samples/count` and `cpu/nanoseconds`). */
export function toPprof(p: CpuProfile): Uint8Array {
  const idx = indexProfile(p);
  const strings = new StringTable();
  const functions = new Map<string, PFunction>();
  const locations = new Map<number, Location>();
  const locationFor = (nodeId: number): Location => {
    let loc = locations.get(nodeId);
    if (loc !== undefined) return loc;
    const f = idx.byId.get(nodeId)!.callFrame;
    const key = `${f.functionName}\u0000${f.url}\u0000${f.lineNumber}`;
    let fn = functions.get(key);
    if (fn === undefined) {
      fn = new PFunction({ id: functions.size + 1, name: strings.dedup(f.functionName || '(anonymous)'), filename: strings.dedup(f.url), startLine: f.lineNumber + 1 });
      functions.set(key, fn);
    }
    loc = new Location({ id: locations.size + 1, line: [{ functionId: fn.id, line: f.lineNumber + 1, column: f.columnNumber + 1 }] });
    locations.set(nodeId, loc);
    return loc;
  };
  const intervalNs = idx.intervalUs * 1000;
  const samples: Sample[] = [];
  for (const [id, count] of idx.counts) {
    const stack = stackOf(id, idx);
    if (stack.length === 0) continue;
    samples.push(new Sample({ locationId: stack.map((n) => locationFor(n).id), value: [count, count * intervalNs] }));
  }
  const profile = new Profile({
    sampleType: [
      new ValueType({ type: strings.dedup('samples'), unit: strings.dedup('count') }),
      new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('nanoseconds') }),
    ],
    sample: samples,
    location: [...locations.values()],
    function: [...functions.values()],
    stringTable: strings,
    timeNanos: BigInt(Math.round(p.startTime)) * 1000n,
    durationNanos: BigInt(Math.round(p.endTime - p.startTime)) * 1000n,
    periodType: new ValueType({ type: strings.dedup('cpu'), unit: strings.dedup('nanoseconds') }),
    period: intervalNs,
  });
  return gzipSync(profile.encode());
}
