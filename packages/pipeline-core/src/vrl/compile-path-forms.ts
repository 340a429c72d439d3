import type { CallArg, CallExpr, Expr, PathSegment } from './ast.js';
import type { Compiled } from './compiled.js';
import type { Compiler } from './compile.js';
import { ANY_KINDS, K, isObject } from './kinds.js';
import { deletePath, existsPath, getPath } from './path.js';
import type { Frame } from './runtime.js';
import type { VrlValue } from './value.js';

/** Where a path form points: into the event, a variable, or a temporary value (`{...}.a`). */
type PathTarget =
  | { readonly type: 'event'; readonly path: readonly PathSegment[] }
  | { readonly type: 'variable'; readonly name: string; readonly path: readonly PathSegment[] }
  | { readonly type: 'expr'; readonly expr: Expr; readonly path: readonly PathSegment[] };

/**
 * `del(path, compact: false)` and `exists(path)`: special forms whose argument is a path, not a value.
 * `del` returns the removed value; with `compact`, containers left empty by the removal go too.
 */
export function pathForm(c: Compiler, e: CallExpr): Compiled {
  const params = e.name === 'del' ? ['path', 'compact'] : ['path'];
  const args = bind(c, e, params);
  const pathArg = args[0];
  if (pathArg === undefined) c.error('E107', `required argument missing: 'path' of '${e.name}'`, e.span);
  if (e.closure !== undefined) c.error('E120', `function '${e.name}' does not accept a closure`, e.closure.span);
  const target = pathTarget(pathArg.value);
  if (target === undefined) c.error('E110', `invalid argument: '${e.name}' expects a path such as .field, var.field or {...}.field`, pathArg.value.span);
  const read = reader(c, target, pathArg.value);
  const path = target.path;
  if (e.name === 'exists') return { run: (f) => existsPath(read.run(f), path), kinds: K.boolean, fallible: read.fallible };

  let compact: Compiled | undefined;
  if (args[1] !== undefined) {
    compact = c.expr(args[1].value);
    if (compact.kinds !== K.boolean) c.error('E110', "invalid argument: 'compact' of 'del' must be a boolean", args[1].value.span);
    if (compact.fallible) c.error('E630', "fallible argument: handle the error of argument 'compact' first", args[1].value.span);
  }
  const kinds = target.type === 'event' ? c.env.eventKinds(path) : ANY_KINDS;
  forget(c, target, compact !== undefined);
  const R = read.run;
  const C = compact?.run;
  if (path.length === 0) {
    const write = writer(c, target);
    return {
      run: (f) => {
        const v = R(f);
        write(f, target.type === 'event' ? {} : null);
        return v;
      },
      kinds,
      fallible: read.fallible,
    };
  }
  return {
    run: (f) => {
      const root = R(f);
      const removed = deletePath(root, path);
      if (C !== undefined && C(f) === true) compactPath(root, path);
      return removed;
    },
    kinds: kinds | K.null,
    fallible: read.fallible,
  };
}

function bind(c: Compiler, e: CallExpr, params: readonly string[]): (CallArg | undefined)[] {
  const bound: (CallArg | undefined)[] = params.map(() => undefined);
  e.args.forEach((a, pos) => {
    const i = a.name === undefined ? pos : params.indexOf(a.name === 'field' ? 'path' : a.name);
    if (a.name !== undefined && i < 0) c.error('E108', `unknown function argument keyword '${a.name}' for '${e.name}' (parameters: ${params.join(', ')})`, a.span);
    if (i >= params.length) c.error('E106', `function argument arity mismatch: '${e.name}' takes at most ${params.length} arguments`, a.span);
    if (bound[i] !== undefined) c.error('E106', `argument '${params[i]}' of '${e.name}' is given twice`, a.span);
    bound[i] = a;
  });
  return bound;
}

function pathTarget(p: Expr): PathTarget | undefined {
  if (p.kind === 'variable') return { type: 'variable', name: p.name, path: [] };
  if (p.kind !== 'query') return undefined;
  return p.target.type === 'expr' ? { type: 'expr', expr: p.target.expr, path: p.path } : { ...p.target, path: p.path };
}

function reader(c: Compiler, t: PathTarget, p: Expr): Compiled {
  if (t.type === 'event') return { run: (f) => f.event, kinds: K.object, fallible: false };
  if (t.type === 'expr') return c.expr(t.expr);
  c.expr({ kind: 'variable', name: t.name, span: p.span }); // must be defined (E701)
  const slot = c.slot(t.name);
  return { run: (f) => f.vars[slot]!, kinds: ANY_KINDS, fallible: false };
}

function writer(c: Compiler, t: PathTarget): (f: Frame, v: VrlValue) => void {
  if (t.type === 'event') return (f, v) => void (f.event = v);
  if (t.type === 'expr') return () => undefined;
  const slot = c.slot(t.name);
  return (f, v) => void (f.vars[slot] = v);
}

/** What the compiler knew about the deleted path (and, with compact, its parents) no longer holds. */
function forget(c: Compiler, t: PathTarget, compact: boolean): void {
  const path = t.path;
  if (t.type === 'variable') {
    c.env.vars.set(t.name, { kinds: path.length === 0 ? K.null : c.env.vars.get(t.name)!.kinds });
  } else if (t.type === 'event') {
    const last = path[path.length - 1];
    // Deleting an array element shifts the ones after it; compacting may remove parents.
    if (compact && path.length > 0) c.env.forgetEvent(path.slice(0, 1), ANY_KINDS);
    else if (last !== undefined && 'index' in last) c.env.forgetEvent(path.slice(0, -1), K.array);
    else c.env.forgetEvent(path, path.length === 0 ? K.object : K.null);
  }
}

/** After a delete at `path`: removes the containers along it that were left empty, deepest first. */
function compactPath(root: VrlValue, path: readonly PathSegment[]): void {
  for (let depth = path.length - 1; depth > 0; depth--) {
    const container = getPath(root, path.slice(0, depth));
    const empty = Array.isArray(container) ? container.length === 0 : isObject(container) && Object.keys(container).length === 0;
    if (!empty) return;
    deletePath(root, path.slice(0, depth));
  }
}
