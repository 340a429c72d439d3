import { describe, expect, it } from 'vitest';
import { Timestamp } from '../value/timestamp.js';
import { nameTables } from './names.js';
import { prepareNames } from './scan.js';
import { compileFastStrptime } from './strptime-fast.js';
import { compileOps } from './strptime-ops.js';
import { compileStrptimeMatcher } from './strptime.js';
import { tokenizeStrftime } from './strftime-items.js';
import { resolveTimeZone } from './zone.js';

const fastFor = (format: string, timezone?: string) =>
  compileFastStrptime(compileOps(tokenizeStrftime(format)), prepareNames(nameTables(undefined)), resolveTimeZone(timezone));

describe('compileFastStrptime', () => {
  it('compiles the usual fixed-width formats and nothing else', () => {
    for (const f of ['%d/%b/%Y:%H:%M:%S %z', '%Y-%m-%d %H:%M:%S', '%Y-%m-%dT%H:%M:%S%z', '%Y%m%d%H%M', '%b %d %Y %H:%M']) expect(fastFor(f), f).toBeTypeOf('function');
    for (const f of ['%Y-%m-%dT%H:%M:%S%.3f%:z', '%s', '%y-%m-%d %H:%M', '%Y-%m-%d %I:%M %p', '%Y-%m-%d %H:%M %Z', '%Y-%m-%d %H:%M:%S %Y', '%Y-%j %H:%M', '%Y-%m-%d', '%+'])
      expect(fastFor(f), f).toBeUndefined();
  });

  it('reads a matching text by position, as the general scanner does', () => {
    const fast = fastFor('%d/%b/%Y:%H:%M:%S %z')!;
    expect(fast('30/Apr/1998:22:00:52 -0130')).toEqual(new Timestamp(893973652000000000n + 5_400_000_000_000n, 'ns'));
    expect(fast('30/Apr/1998:22:00:52  -0130')).toBeUndefined(); // two spaces: left to the general scanner
    expect(fast('31/Apr/1998:22:00:52 +0000')).toBeUndefined(); // no such day: the general scanner reports it
  });

  // Differential: the matcher with its fast path must give exactly what the general scanner gives
  // (same instant, or the same failure reason) on valid texts and on many near-misses.
  it('never differs from the general scanner', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const pad = (n: number, w = 2) => String(n).padStart(w, '0');
    const mon = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'jan', 'FEB', 'Foo'];
    const junk = ['', ' ', '  ', '0', '9', '+', '-', ':', '/', '\u2212', 'Z', '\u00a0', 'x', '60', '99', '\t'];
    const cases: [string, string | undefined, () => string][] = [
      ['%d/%b/%Y:%H:%M:%S %z', undefined, () => `${pad(1 + rand(32))}/${mon[rand(mon.length)]}/${pad(1600 + rand(800), 4)}:${pad(rand(25))}:${pad(rand(61))}:${pad(rand(62))} ${['+', '-', '\u2212'][rand(3)]}${pad(rand(26))}${pad(rand(62))}`],
      ['%Y-%m-%d %H:%M:%S', 'Europe/Berlin', () => `${pad(2000 + rand(30), 4)}-${pad(rand(14))}-${pad(rand(32))} ${pad(rand(25))}:${pad(rand(61))}:${pad(rand(61))}`],
      ['%Y-%m-%d %H:%M:%S', 'America/New_York', () => `${pad(2020 + rand(3), 4)}-${pad([3, 11][rand(2)]!)}-${pad(1 + rand(14))} ${pad(rand(4))}:${pad(rand(60))}:${pad(rand(60))}`],
      ['%Y%m%d%H%M', '+05:30', () => `${pad(rand(10000), 4)}${pad(rand(13))}${pad(rand(32))}${pad(rand(24))}${pad(rand(60))}`],
      ['%b %d %Y %H:%M', undefined, () => `${mon[rand(mon.length)]} ${pad(rand(32))} ${pad(1900 + rand(500), 4)} ${pad(rand(24))}:${pad(rand(60))}`],
    ];
    let fastHits = 0;
    for (const [format, timezone, gen] of cases) {
      const withFast = compileStrptimeMatcher(format, { timezone });
      const general = compileStrptimeMatcher(format, { timezone }, false);
      const fast = fastFor(format, timezone)!;
      for (let k = 0; k < 3000; k++) {
        let text = gen();
        if (rand(3) === 0) {
          // A near miss: a character replaced, removed or inserted.
          const at = rand(text.length + 1);
          const op = rand(3);
          const j = junk[rand(junk.length)]!;
          text = op === 0 ? text.slice(0, at) + j + text.slice(at + 1) : op === 1 ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + j + text.slice(at);
        }
        const want = general.tryParse(text);
        const got = withFast.tryParse(text);
        expect(got, `${format} on ${JSON.stringify(text)}`).toEqual(want);
        if (want === undefined) expect(withFast.lastError, text).toBe(general.lastError);
        if (fast(text) !== undefined) fastHits++;
      }
    }
    expect(fastHits).toBeGreaterThan(3000); // the fast path did take part
  });
});
