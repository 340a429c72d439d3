import type { AssignExpr, AssignTarget, Expr } from './ast.js';
import type { Compiled, Shape } from './compiled.js';
import type { Compiler } from './compile.js';
import { K, isObject, type Kinds } from './kinds.js';
import { merge } from './ops.js';
import { cloneValue, setKey, setPath } from './path.js';
import type { Frame } from './runtime.js';
import { VrlFailure } from './signals.js';
import { Timestamp } from '../value/timestamp.js';
import type { VrlValue } from './value.js';

const CONTAINER = K.array | K.object;

/** `target = value`, `target |= object` and `ok, err = value`: values are copied, never aliased. */
export function compileAssign(c: Compiler, e: AssignExpr): Compiled {
  const value = c.expr(e.value);
  const V = value.run;
  const copy = (value.kinds & CONTAINER) !== 0 && !value.fresh;
  const set = setter(c, e.target);
  if (e.errTarget !== undefined) {
    if (!value.fallible) c.error('E104', 'unnecessary error assignment: the right-hand side cannot fail', e.errTarget.span);
    const setErr = setter(c, e.errTarget);
    const fallback = defaultOf(value.kinds);
    declare(c, e.target, single(value.kinds) ? value.kinds : value.kinds | K.null);
    declare(c, e.errTarget, K.bytes | K.null);
    return {
      run: (f) => {
        let v: VrlValue;
        try {
          v = V(f);
        } catch (err) {
          if (!(err instanceof VrlFailure)) throw err;
          set(f, cloneValue(fallback));
          setErr(f, err.message);
          return err.message;
        }
        if (copy) v = cloneValue(v);
        set(f, v);
        setErr(f, null);
        return v;
      },
      kinds: value.kinds | K.bytes,
      fallible: false,
    };
  }
  if (e.op === '|=') {
    const current = c.expr(targetQuery(e.target));
    const C = current.run;
    declare(c, e.target, K.object);
    return {
      run: (f) => {
        const merged = merge(C(f), V(f));
        set(f, copy ? cloneValue(merged) : merged);
        return merged;
      },
      kinds: K.object,
      fallible: value.fallible || current.kinds !== K.object || value.kinds !== K.object,
    };
  }
  declare(c, e.target, value.kinds, value.constant, value.shape);
  return {
    run: (f) => {
      const v = copy ? cloneValue(V(f)) : V(f);
      set(f, v);
      return v;
    },
    kinds: value.kinds,
    fallible: value.fallible,
    ...(value.constant === undefined ? {} : { constant: value.constant }),
  };
}

/** Records the type a target holds after an assignment. */
function declare(c: Compiler, t: AssignTarget, kinds: Kinds, constant?: { value: VrlValue }, shape?: Shape): void {
  if (t.type === 'event') {
    c.env.assignEvent(t.path, kinds, shape);
    return;
  }
  c.slot(t.name);
  const parts = shape === undefined ? {} : { shape };
  if (t.path.length === 0) c.env.vars.set(t.name, constant === undefined || isContainer(constant.value) ? { kinds, ...parts } : { kinds, constant, ...parts });
  else c.env.vars.set(t.name, { kinds: 'field' in t.path[0]! ? K.object : K.array });
}

export function setter(c: Compiler, t: AssignTarget): (f: Frame, v: VrlValue) => void {
  const path = t.path;
  if (t.type === 'event') {
    if (path.length === 0) return (f, v) => void (f.event = v);
    if (path.length === 1 && 'field' in path[0]!) {
      const key = path[0].field;
      return (f, v) => {
        const o = f.event;
        if (isObject(o)) setKey(o, key, v);
        else f.event = setPath(o, path, v);
      };
    }
    return (f, v) => void (f.event = setPath(f.event, path, v));
  }
  const slot = c.slot(t.name);
  if (path.length === 0) return (f, v) => void (f.vars[slot] = v);
  return (f, v) => void (f.vars[slot] = setPath(f.vars[slot]!, path, v));
}

function single(kinds: Kinds): boolean {
  return kinds !== 0 && (kinds & (kinds - 1)) === 0;
}

function isContainer(v: VrlValue): boolean {
  return Array.isArray(v) || isObject(v);
}

/** The value `ok` holds after a failed `ok, err = ...` (the type's empty value, as in VRL). */
function defaultOf(kinds: Kinds): VrlValue {
  switch (kinds) {
    case K.bytes:
      return '';
    case K.integer:
    case K.float:
      return 0;
    case K.boolean:
      return false;
    case K.timestamp:
      return new Timestamp(0n);
    case K.array:
      return [];
    case K.object:
      return {};
    default:
      return null;
  }
}

function targetQuery(t: AssignTarget): Expr {
  return t.type === 'event'
    ? { kind: 'query', target: { type: 'event' }, path: t.path, span: t.span }
    : t.path.length === 0
      ? { kind: 'variable', name: t.name, span: t.span }
      : { kind: 'query', target: { type: 'variable', name: t.name }, path: t.path, span: t.span };
}

