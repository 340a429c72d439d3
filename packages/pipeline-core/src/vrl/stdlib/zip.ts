import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { arr, expected } from './support/args.js';

export const zip = defineVrlFunction({
  name: 'zip',
  summary:
    'Pairs up arrays element by element: `zip(a, b)` gives `[[a0, b0], [a1, b1], ...]`; `zip([a, b, ...])` does the same for an array of arrays. Stops at the shortest.',
  params: [
    { name: 'array_0', kinds: ['array'], required: true },
    { name: 'array_1', kinds: ['array'], required: false },
  ],
  returns: ['array'],
  fallible: true,
  examples: [
    { title: 'Merge two arrays', source: 'zip!([1, 2, 3], [4, 5, 6, 7])', result: [[1, 4], [2, 5], [3, 6]] },
    { title: 'Merge three arrays', source: 'zip!([[1, 2], [3, 4], [5, 6]])', result: [[1, 3, 5], [2, 4, 6]] },
  ],
  call(args) {
    const first = arr(args, 'array_0');
    const arrays: VrlValue[][] = [];
    if (args['array_1'] === undefined || args['array_1'] === null) {
      for (const a of first) {
        if (!Array.isArray(a)) throw expected('array', a);
        arrays.push(a);
      }
    } else arrays.push(first, arr(args, 'array_1'));
    if (arrays.length === 0) return [];
    const n = Math.min(...arrays.map((a) => a.length));
    return Array.from({ length: n }, (_, i) => arrays.map((a) => a[i]!));
  },
});
