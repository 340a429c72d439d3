import { describe, expect, it } from 'vitest';
import { BytesCache } from './remote-write-labels.js';

const b = (s: string) => Buffer.from(`..${s}..`);

describe('BytesCache', () => {
  it('finds a value by the exact bytes of a range, whatever buffer holds them', () => {
    const c = new BytesCache<number>(10);
    c.set(b('abc'), 2, 5, 1);
    expect(c.get(Buffer.from('abc'), 0, 3)).toBe(1);
    expect(c.get(b('abd'), 2, 5)).toBeUndefined();
    expect(c.get(b('abcd'), 2, 6)).toBeUndefined();
    expect(c.get(b('ab'), 2, 4)).toBeUndefined();
    // A plain Uint8Array holds the range as well as a Buffer does; so does a view at an offset.
    expect(c.get(new Uint8Array(Buffer.from('abc')), 0, 3)).toBe(1);
    const at1 = (x: Buffer) => new Uint8Array(Uint8Array.from([0, ...x]).buffer, 1);
    expect(c.get(at1(b('abc')), 2, 5)).toBe(1);
    expect(c.get(at1(b('abd')), 2, 5)).toBeUndefined();
    // The cache keeps its own copy: changing the source buffer changes nothing.
    const src = b('xyz');
    c.set(src, 2, 5, 2);
    src[2] = 0x41;
    expect(c.get(b('xyz'), 2, 5)).toBe(2);
  });

  it('keeps two generations: a full one becomes the older, an entry found there moves back, the older is dropped next', () => {
    const c = new BytesCache<string>(2);
    c.set(b('a'), 2, 3, 'a');
    c.set(b('b'), 2, 3, 'b');
    c.set(b('c'), 2, 3, 'c'); // a and b now in the older generation
    expect(c.get(b('a'), 2, 3)).toBe('a'); // moved back: current = {c, a}
    c.set(b('d'), 2, 3, 'd'); // current full: older = {c, a}, current = {d}
    expect(c.get(b('b'), 2, 3)).toBeUndefined();
    expect(c.get(b('a'), 2, 3)).toBe('a');
    expect(c.get(b('c'), 2, 3)).toBe('c');
  });
});
