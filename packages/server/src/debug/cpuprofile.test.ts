import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Profile } from 'pprof-format';
import type { CpuProfile } from './cpuprofile.js';
import { toFoldedStacks, toTextReport } from './cpuprofile-text.js';
import { toPprof } from './cpuprofile-pprof.js';

const frame = (functionName: string, lineNumber = 0) => ({ functionName, url: functionName === '(root)' ? '' : 'file:///app.js', lineNumber, columnNumber: 0 });
// root -> main -> {parse, write}; 3 samples in parse, 1 in write, 1 in main.
const PROFILE: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2] },
    { id: 2, callFrame: frame('main', 1), children: [3, 4] },
    { id: 3, callFrame: frame('parse', 10) },
    { id: 4, callFrame: frame('write', 20) },
  ],
  startTime: 0,
  endTime: 5000,
  samples: [3, 3, 4, 3, 2],
  timeDeltas: [1000, 1000, 1000, 1000, 1000],
};

describe('CPU profile conversion', () => {
  it('folds stacks root-first with sample counts', () => {
    expect(toFoldedStacks(PROFILE)).toBe(
      'main file:///app.js:2 1\nmain file:///app.js:2;parse file:///app.js:11 3\nmain file:///app.js:2;write file:///app.js:21 1\n',
    );
  });

  it('reports self and total percentages', () => {
    const text = toTextReport(PROFILE);
    expect(text).toMatch(/^CPU profile: 5 samples, 0.01 s, interval 1000 us/);
    expect(text).toMatch(/ 60\.00%  60\.00%  parse file:\/\/\/app\.js:11/);
    expect(text).toMatch(/ 20\.00% 100\.00%  main file:\/\/\/app\.js:2/);
  });

  it('encodes pprof with leaf-first locations and cpu nanoseconds', () => {
    const p = Profile.decode(gunzipSync(toPprof(PROFILE)));
    const str = (i: number | bigint) => p.stringTable.strings[Number(i)];
    const fnName = (locId: number | bigint) => {
      const loc = p.location.find((l) => Number(l.id) === Number(locId))!;
      const fn = p.function.find((f) => Number(f.id) === Number(loc.line[0]!.functionId))!;
      return str(fn.name);
    };
    const stacks = p.sample.map((s) => [s.locationId.map(fnName).join('<'), s.value.map(Number)]);
    expect(stacks).toContainEqual(['parse<main', [3, 3_000_000]]);
    expect(stacks).toContainEqual(['main', [1, 1_000_000]]);
    expect(p.sampleType.map((t) => `${str(t.type)}/${str(t.unit)}`)).toEqual(['samples/count', 'cpu/nanoseconds']);
  });
});
