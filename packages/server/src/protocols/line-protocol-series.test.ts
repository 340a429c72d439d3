import { describe, expect, it } from 'vitest';
import { SeriesCache } from './line-protocol-series.js';
import { parseLineProtocol } from './line-protocol.js';

describe('SeriesCache.keyEnd', () => {
  it("ends a line's candidate key at its first space", () => {
    const text = 'cpu,host=a usage=1 1\ncpu,host=b usage=2 2';
    const c = new SeriesCache();
    expect(c.keyEnd(text, 0)).toBe(10);
    expect(c.keyEnd(text, 21)).toBe(31);
  });

  it('gives no candidate when the line has no space before its end (tab-separated lines)', () => {
    // Without the line-end bound every tab line took the text up to the last line's space as its
    // candidate, hashed per line: 10-20x the scan's time on such bodies.
    const text = 'cpu,host=a\tusage=1i\ncpu,host=b\tusage=2i\ncpu,host=c usage=3i';
    const c = new SeriesCache();
    expect(c.keyEnd(text, 0)).toBe(-1);
    expect(c.keyEnd(text, 20)).toBe(-1);
    expect(c.keyEnd(text, 40)).toBe(50);
  });

  it('gives no candidate when the body holds no space after the line', () => {
    const c = new SeriesCache();
    expect(c.keyEnd('cpu\tusage=1i', 0)).toBe(-1);
  });
});

describe('tab-separated lines', () => {
  it('parse as the same lines separated by spaces', () => {
    const lines = Array.from({ length: 50 }, (_, i) => `cpu,host=h${i % 5}\tusage=${i}i\t${1000 + i}`);
    lines.push('cpu,host=h0 usage=99i 2000');
    const tabbed = parseLineProtocol(lines.join('\n'));
    const spaced = parseLineProtocol(lines.join('\n').replaceAll('\t', ' '));
    expect(tabbed).toEqual(spaced);
    expect(tabbed).toHaveLength(51);
  });
});
