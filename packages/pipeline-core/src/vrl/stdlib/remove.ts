import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { any, arr, bool } from './support/args.js';
import { isObject, type VrlObject } from './support/kind.js';
import { readPath, type Segment } from './support/path.js';

function isEmptyContainer(v: VrlValue): boolean {
  return (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);
}

/** A copy of `value` without the element at `path`; with `compact`, containers left empty go too. */
function removePath(value: VrlValue, path: readonly Segment[], compact: boolean): VrlValue {
  if (path.length === 0) return value;
  const [seg, ...rest] = path as [Segment, ...Segment[]];
  if (typeof seg === 'string') {
    if (!isObject(value) || !Object.hasOwn(value, seg)) return value;
    const out: VrlObject = { ...value };
    if (rest.length === 0) delete out[seg];
    else {
      const child = removePath(out[seg]!, rest, compact);
      if (compact && isEmptyContainer(child)) delete out[seg];
      else out[seg] = child;
    }
    return out;
  }
  if (!Array.isArray(value)) return value;
  const i = seg < 0 ? value.length + seg : seg;
  if (i < 0 || i >= value.length) return value;
  const out = [...value];
  if (rest.length === 0) out.splice(i, 1);
  else {
    const child = removePath(out[i]!, rest, compact);
    if (compact && isEmptyContainer(child)) out.splice(i, 1);
    else out[i] = child;
  }
  return out;
}

export const remove = defineVrlFunction({
  name: 'remove',
  summary:
    'A copy of `value` without the field or element at `path` (an array of field names and indexes computed at run time); with `compact`, objects and arrays left empty are removed too.',
  params: [
    { name: 'value', kinds: ['object', 'array'], required: true },
    { name: 'path', kinds: ['array'], required: true },
    { name: 'compact', kinds: ['boolean'], required: false, default: false },
  ],
  returns: ['object', 'array'],
  fallible: true,
  examples: [
    { title: 'Single-segment top-level field', source: 'remove!(value: { "foo": "bar" }, path: ["foo"])', result: {} },
    { title: 'Multi-segment nested field', source: 'remove!(value: { "foo": { "bar": "baz" } }, path: ["foo", "bar"])', result: { foo: {} } },
    { title: 'Array indexing', source: 'remove!(value: ["foo", "bar", "baz"], path: [-2])', result: ['foo', 'baz'] },
    { title: 'Compaction', source: 'remove!(value: { "foo": { "bar": [42], "qux": true } }, path: ["foo", "bar", 0], compact: true)', result: { foo: { qux: true } } },
  ],
  call: (args) => removePath(any(args, 'value'), readPath(arr(args, 'path')), bool(args, 'compact', false)),
});
