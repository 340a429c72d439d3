import { defineVrlFunction } from './function.js';
import { oneOf, str } from './support/args.js';
import { utf8Encode } from './support/utf8.js';

function entropy(counts: Iterable<number>, total: number): number {
  let h = 0;
  for (const n of counts) {
    const p = n / total;
    h -= p * Math.log2(p);
  }
  return h;
}

function tally<T>(items: Iterable<T>): [Map<T, number>, number] {
  const m = new Map<T, number>();
  let total = 0;
  for (const x of items) {
    m.set(x, (m.get(x) ?? 0) + 1);
    total++;
  }
  return [m, total];
}

export const shannon_entropy = defineVrlFunction({
  name: 'shannon_entropy',
  summary: 'The Shannon entropy (bits per symbol) of `value`, counting bytes (default), Unicode code points, or grapheme clusters (`segmentation`).',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'segmentation', kinds: ['bytes'], required: false, default: 'byte' },
  ],
  returns: ['float'],
  fallible: false,
  examples: [
    { title: 'Simple byte segmentation example', source: 'floor(shannon_entropy("vector.dev"), precision: 4)', result: 2.9219 },
    { title: 'Codepoint segmentation example', source: 'floor(shannon_entropy("test123%456.فوائد.net.", segmentation: "codepoint"), precision: 4)', result: 3.9362 },
    { title: 'A single repeated symbol has no entropy', source: 'shannon_entropy("aaaa")', result: 0 },
  ],
  // A literal `segmentation` is checked once here: a wrong word is a compile error, not a per-record one.
  compile(staticArgs) {
    oneOf(staticArgs, 'segmentation', ['byte', 'codepoint', 'grapheme'], 'byte');
    return undefined;
  },
  call(args) {
    const value = str(args, 'value');
    const seg = oneOf(args, 'segmentation', ['byte', 'codepoint', 'grapheme'], 'byte');
    if (value === '') return 0;
    const [counts, total] =
      seg === 'byte'
        ? tally(utf8Encode(value))
        : seg === 'codepoint'
          ? tally(value)
          : tally(Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value), (s) => s.segment));
    return entropy(counts.values(), total);
  },
});
