import type { Value } from '@sluice/pipeline-core';

/** How deep a json column value may nest; deeper values could overflow the stack when encoded. */
export const MAX_JSON_VALUE_DEPTH = 512;

/** Whether `v` nests deeper than `max` levels (an explicit stack: the check itself cannot overflow). */
export function jsonTooDeep(v: Value, max = MAX_JSON_VALUE_DEPTH): boolean {
  if (v === null || typeof v !== 'object') return false;
  const stack: [unknown, number][] = [[v, 1]];
  while (stack.length > 0) {
    const [x, d] = stack.pop()!;
    if (d > max) return true;
    const children = Array.isArray(x) ? x : x instanceof Uint8Array ? [] : Object.values(x as object);
    for (const c of children) if (c !== null && typeof c === 'object') stack.push([c, d + 1]);
  }
  return false;
}
