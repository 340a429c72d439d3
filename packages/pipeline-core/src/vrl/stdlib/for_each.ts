import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { expected } from './support/args.js';
import { needClosure } from './support/closure.js';
import { isObject } from './support/kind.js';

export const for_each = defineVrlFunction({
  name: 'for_each',
  summary: 'Runs the closure once per element of `value`: with `|key, value|` for an object, `|index, value|` for an array. Returns null.',
  params: [{ name: 'value', kinds: ['object', 'array'], required: true }],
  returns: ['null'],
  fallible: false,
  closure: { params: ['key', 'value'] },
  examples: [
    {
      title: 'Tally elements',
      source:
        'tally = {}\nfor_each(["foo", "bar", "foo", "baz"]) -> |_index, value| {\n    count = int(get!(tally, [value])) ?? 0\n    tally = set!(tally, [value], count + 1)\n}\ntally',
      result: { foo: 2, bar: 1, baz: 1 },
    },
    { title: 'Iterate over an array', source: 'count = 0\nfor_each([1, 2, 3]) -> |index, value| {\n    count = count + index + value\n}\ncount', result: 9 },
    { title: 'Iterate over an object', source: 'joined = ""\nfor_each({"a": 1, "b": 2}) -> |key, _value| { joined = joined + key }\njoined', result: 'ab' },
  ],
  call(args, _ctx, _compiled, closure) {
    const f = needClosure('for_each', closure);
    const v = args['value'] as VrlValue;
    if (Array.isArray(v)) v.forEach((x, i) => f(i, x));
    else if (isObject(v)) for (const [k, x] of Object.entries(v)) f(k, x);
    else throw expected('object or array', v);
    return null;
  },
});
