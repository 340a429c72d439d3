import type { VrlValue } from '../value.js';
import { defineVrlFunction } from './function.js';
import { bool, obj } from './support/args.js';
import { isObject, type VrlObject } from './support/kind.js';

function mergeInto(to: VrlObject, from: VrlObject, deep: boolean): VrlObject {
  const out: VrlObject = { ...to };
  for (const [k, v] of Object.entries(from)) {
    const cur: VrlValue | undefined = out[k];
    out[k] = deep && isObject(cur) && isObject(v) ? mergeInto(cur, v, true) : v;
  }
  return out;
}

export const merge = defineVrlFunction({
  name: 'merge',
  summary:
    'Merges the object `from` into the object `to`: keys of `from` win. With `deep`, nested objects are merged too instead of replaced.',
  params: [
    { name: 'to', kinds: ['object'], required: true },
    { name: 'from', kinds: ['object'], required: true },
    { name: 'deep', kinds: ['boolean'], required: false, default: false },
  ],
  returns: ['object'],
  fallible: false,
  examples: [
    {
      title: 'Object merge (shallow)',
      source: 'merge({"parent1": {"child1": 1, "child2": 2}, "parent2": {"child3": 3}}, {"parent1": {"child2": 4, "child5": 5}})',
      result: { parent1: { child2: 4, child5: 5 }, parent2: { child3: 3 } },
    },
    {
      title: 'Object merge (deep)',
      source: 'merge({"parent1": {"child1": 1, "child2": 2}, "parent2": {"child3": 3}}, {"parent1": {"child2": 4, "child5": 5}}, deep: true)',
      result: { parent1: { child1: 1, child2: 4, child5: 5 }, parent2: { child3: 3 } },
    },
  ],
  call: (args) => mergeInto(obj(args, 'to'), obj(args, 'from'), bool(args, 'deep', false)),
});
