import type { PathSegment } from './ast.js';
import { ANY_KINDS, K, type Kinds } from './kinds.js';
import { pathKey } from './path.js';
import type { VrlValue } from './value.js';
import type { Shape } from './compiled.js';

export interface VarType {
  readonly kinds: Kinds;
  /** The variable's value when it was last assigned a literal (VRL folds such variables). */
  readonly constant?: { readonly value: VrlValue };
  /** The static type of its parts, when it was last assigned a container literal. */
  readonly shape?: Shape;
}

/**
 * What the compiler knows at one point of the program: the type of each local variable and of the
 * event paths the program assigned. Unknown event paths are `any`; the root is an object.
 */
export class TypeEnv {
  constructor(
    readonly vars: Map<string, VarType> = new Map(),
    readonly paths: Map<string, Kinds> = new Map([['', K.object]]),
  ) {}

  clone(): TypeEnv {
    return new TypeEnv(new Map(this.vars), new Map(this.paths));
  }

  eventKinds(path: readonly PathSegment[]): Kinds {
    return this.paths.get(pathKey(path)) ?? ANY_KINDS;
  }

  /** Records an assignment of `kinds` at an event path: its children are forgotten, its parents become containers. */
  assignEvent(path: readonly PathSegment[], kinds: Kinds, shape?: Shape): void {
    const key = pathKey(path);
    for (const k of [...this.paths.keys()]) {
      if (k === key || k.startsWith(key + '.') || k.startsWith(key + '[') || (key === '' && k !== '')) this.paths.delete(k);
    }
    for (let i = 0; i < path.length; i++) {
      this.paths.set(pathKey(path.slice(0, i)), 'field' in path[i]! ? K.object : K.array);
    }
    this.paths.set(key, kinds);
    if (shape !== undefined) this.recordShape(path, shape);
  }

  private recordShape(path: readonly PathSegment[], shape: Shape): void {
    this.paths.set(pathKey(path), shape.kinds);
    shape.fields?.forEach((s, field) => this.recordShape([...path, { field }], s));
    shape.items?.forEach((s, index) => this.recordShape([...path, { index }], s));
  }

  /** After `del(path)` or a mutation of unknown shape below `path`. */
  forgetEvent(path: readonly PathSegment[], kinds: Kinds = ANY_KINDS): void {
    this.assignEvent(path, kinds);
    if (kinds === ANY_KINDS) this.paths.delete(pathKey(path));
  }

  /** The type after one of two branches ran (or `other` is the state when a branch did not run). */
  join(other: TypeEnv): TypeEnv {
    const vars = new Map<string, VarType>();
    for (const [name, a] of this.vars) {
      const b = other.vars.get(name);
      const kinds = a.kinds | (b === undefined ? K.null : b.kinds);
      const same = b?.constant !== undefined && a.constant !== undefined && b.constant.value === a.constant.value;
      const shape = a.shape !== undefined && b?.shape === a.shape ? { shape: a.shape } : {};
      vars.set(name, same ? { kinds, constant: a.constant!, ...shape } : { kinds, ...shape });
    }
    for (const [name, b] of other.vars) if (!this.vars.has(name)) vars.set(name, { kinds: b.kinds | K.null });
    const paths = new Map<string, Kinds>();
    for (const [key, a] of this.paths) {
      const b = other.paths.get(key);
      if (b !== undefined) paths.set(key, a | b);
    }
    return new TypeEnv(vars, paths);
  }

  /** Copies another env's state into this one (after branches were joined). */
  replaceWith(other: TypeEnv): void {
    this.vars.clear();
    for (const [k, v] of other.vars) this.vars.set(k, v);
    this.paths.clear();
    for (const [k, v] of other.paths) this.paths.set(k, v);
  }
}
