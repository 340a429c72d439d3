import type { VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { expected } from './support/args.js';
import { needClosure } from './support/closure.js';
import { describeKind, isObject, type VrlObject } from './support/kind.js';

function keep(result: VrlValue): boolean {
  if (typeof result !== 'boolean') throw new VrlFunctionError(`filter closure must return a boolean, got ${describeKind(result)}`);
  return result;
}

export const filter = defineVrlFunction({
  name: 'filter',
  summary:
    'Keeps the elements of `value` for which the closure returns true: `|key, value|` for an object, `|index, value|` for an array.',
  params: [{ name: 'value', kinds: ['object', 'array'], required: true }],
  returns: ['object', 'array'],
  fallible: false,
  closure: { params: ['key', 'value'] },
  examples: [
    { title: 'Filter elements', source: 'filter(["foo", "bar", "foo", "baz"]) -> |_index, value| {\n    value != "foo"\n}', result: ['bar', 'baz'] },
    { title: 'Filter array by index', source: 'filter([1, 2]) -> |index, _value| { index == 0 }', result: [1] },
    { title: 'Filter object', source: 'filter({"a": 1, "b": 2}) -> |key, _value| { key == "b" }', result: { b: 2 } },
  ],
  call(args, _ctx, _compiled, closure) {
    const f = needClosure('filter', closure);
    const v = args['value'] as VrlValue;
    if (Array.isArray(v)) return v.filter((x, i) => keep(f(i, x)));
    if (!isObject(v)) throw expected('object or array', v);
    const out: VrlObject = {};
    for (const [k, x] of Object.entries(v)) if (keep(f(k, x))) out[k] = x;
    return out;
  },
});
