import type { PathSegment } from './ast.js';
import type { Kinds } from './kinds.js';
import type { Run } from './runtime.js';
import type { VrlValue } from './value.js';

/** An expression after compilation: its closure, static type and fallibility. */
/** The static type of a container literal's parts (`{"a": "x"}` knows `.a` is a string). */
export interface Shape {
  readonly kinds: Kinds;
  readonly fields?: ReadonlyMap<string, Shape>;
  readonly items?: readonly Shape[];
}

/** The shape at `path` inside `shape`, if the literal told it. */
export function shapeAt(shape: Shape | undefined, path: readonly PathSegment[]): Shape | undefined {
  let cur = shape;
  for (const seg of path) {
    if (cur === undefined) return undefined;
    if ('field' in seg) cur = cur.fields?.get(seg.field);
    else cur = cur.items === undefined ? undefined : cur.items[seg.index < 0 ? cur.items.length + seg.index : seg.index];
  }
  return cur;
}

export interface Compiled {
  readonly run: Run;
  readonly kinds: Kinds;
  /** Can it fail at run time with an error the program must handle? */
  readonly fallible: boolean;
  /** Its value when known at compile time (literals, variables last assigned a literal). */
  readonly constant?: { readonly value: VrlValue };
  /** Does each run build a new container (so storing it needs no copy)? */
  readonly fresh?: boolean;
  /** The static type of its parts, for container literals. */
  readonly shape?: Shape;
}
