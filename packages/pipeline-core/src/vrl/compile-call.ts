import { checkValueSize, takeSteps, VrlBudgetError } from './limits.js';
import type { CallArg, CallExpr, Expr } from './ast.js';
import type { Compiled } from './compiled.js';
import type { Compiler } from './compile.js';
import { VrlRuntimeError } from './diagnostics.js';
import { ANY_KINDS, K, kindsOf, type Kinds } from './kinds.js';
import type { Frame, Run } from './runtime.js';
import { pathForm } from './compile-path-forms.js';
import { didYouMean } from '../config/did-you-mean.js';
import { ReturnSignal, VrlFailure } from './signals.js';
import { VrlFunctionError, type VrlClosure, type VrlFunction } from './stdlib/function.js';
import type { VrlValue } from './value.js';

/** Compiles a function call: `del` and `exists` are special forms over paths, the rest come from STDLIB. */
export function compileCall(c: Compiler, e: CallExpr): Compiled {
  const inner = e.name === 'del' || e.name === 'exists' ? pathForm(c, e) : stdlibCall(c, e);
  if (!e.abortOnError) return inner;
  if (!inner.fallible) c.error('E620', `can't abort infallible function: '${e.name}' cannot fail here, remove the '!'`, e.span);
  const run = inner.run;
  return {
    ...inner,
    run: (f) => {
      try {
        return run(f);
      } catch (err) {
        if (err instanceof VrlFailure) throw new VrlRuntimeError(err.message, false);
        throw err;
      }
    },
    fallible: false,
  };
}

function stdlibCall(c: Compiler, e: CallExpr): Compiled {
  const fn = c.lookup(e.name);
  if (fn === undefined) c.error('E105', `call to undefined function '${e.name}'${c.suggestFunction(e.name)}`, e.span);
  const bound = bindArgs(c, fn, e);
  const compiledArgs = bound.map((a) => (a === undefined ? undefined : c.expr(a.value)));
  compiledArgs.forEach((a, i) => {
    if (a?.fallible) c.error('E630', `fallible argument: handle the error of argument '${fn.params[i]!.name}' first`, bound[i]!.value.span);
  });

  // Static arguments and one-time preparation.
  const staticArgs: Record<string, VrlValue> = {};
  fn.params.forEach((p, i) => {
    const a = compiledArgs[i];
    if (a?.constant !== undefined) staticArgs[p.name] = a.constant.value;
    else if (p.static && a !== undefined) c.error('E400', `invalid argument: '${p.name}' of '${fn.name}' must be a literal`, bound[i]!.value.span);
  });
  let prepared: unknown;
  if (fn.compile !== undefined) {
    try {
      prepared = fn.compile(staticArgs);
    } catch (err) {
      c.error('E400', `invalid argument for '${fn.name}': ${err instanceof Error ? err.message : String(err)}`, e.span);
    }
  }

  // An argument whose static type is wider than its parameter accepts makes the call fallible.
  const widened = compiledArgs.some((a, i) => a !== undefined && (a.kinds & ~kindsOf(fn.params[i]!.kinds)) !== 0);
  const fallible = fn.fallible || widened;

  const closure = compileClosure(c, fn, e, compiledArgs[0]);
  const names = fn.params.map((p) => p.name);
  const runs = compiledArgs.map((a) => a?.run);
  const defaults = fn.params.map((p) => p.default);
  const prefix = `function call error for "${fn.name}" at (${e.span.start}:${e.span.end}): `;
  const n = names.length;
  const call = fn.call.bind(fn);
  return {
    run: (f) => {
      const args: Record<string, VrlValue | undefined> = {};
      for (let i = 0; i < n; i++) {
        const r = runs[i];
        if (r === undefined) {
          args[names[i]!] = defaults[i];
          continue;
        }
        const v = r(f);
        // A value outside the declared kinds is not rejected here: the call is fallible (`widened`)
        // and the function reports it in VRL's words (`to_int!("2")` converts, `to_int!([])` fails).
        args[names[i]!] = v;
      }
      takeSteps(f, 1);
      try {
        const result = call(args, f.ctx, prepared, closure?.(f));
        if ((typeof result === 'string' || Array.isArray(result)) && grew(result.length, args)) {
          checkValueSize(`${fn.name}()`, result.length, f.ctx.maxValueSize);
          // Building a big value is work too: one step per 64 characters or items built.
          takeSteps(f, result.length >>> 6);
        }
        return result === undefined ? null : result;
      } catch (err) {
        if (err instanceof VrlBudgetError) throw err;
        if (err instanceof VrlFunctionError) throw new VrlFailure(prefix + err.message);
        if (err instanceof VrlFailure || err instanceof ReturnSignal || err instanceof VrlRuntimeError) throw err;
        throw new VrlFailure(prefix + (err instanceof Error ? err.message : String(err)));
      }
    },
    kinds: kindsOf(fn.returns),
    fallible,
  };
}

/** Is a result of `size` longer than every string or array argument (built here, not passed through)? */
function grew(size: number, args: Record<string, VrlValue | undefined>): boolean {
  for (const k in args) {
    const v = args[k];
    if ((typeof v === 'string' || Array.isArray(v)) && v.length >= size) return false;
  }
  return true;
}

/** Positional then named arguments onto the declared parameters (E106, E107, E108). */
function bindArgs(c: Compiler, fn: VrlFunction, e: CallExpr): (CallArg | undefined)[] {
  const bound: (CallArg | undefined)[] = fn.params.map(() => undefined);
  let positional = 0;
  for (const a of e.args) {
    let i: number;
    if (a.name === undefined) {
      i = positional++;
      if (i >= fn.params.length) c.error('E106', `function argument arity mismatch: '${fn.name}' takes at most ${fn.params.length} arguments`, a.span);
    } else {
      i = fn.params.findIndex((p) => p.name === a.name);
      if (i < 0) {
        const names = fn.params.map((p) => p.name);
        c.error('E108', `unknown function argument keyword '${a.name}' for '${fn.name}'${didYouMean(a.name, names)} (parameters: ${names.join(', ')})`, a.span);
      }
    }
    if (bound[i] !== undefined) c.error('E106', `argument '${fn.params[i]!.name}' of '${fn.name}' is given twice`, a.span);
    bound[i] = a;
  }
  fn.params.forEach((p, i) => {
    if (p.required && bound[i] === undefined) c.error('E107', `required argument missing: '${p.name}' of '${fn.name}'`, e.span);
  });
  return bound;
}

/** The closure of `for_each`, `map_keys`, ...: its parameters become local variables. */
function compileClosure(c: Compiler, fn: VrlFunction, e: CallExpr, subject: Compiled | undefined): ((f: Frame) => VrlClosure) | undefined {
  const spec = fn.closure;
  if (e.closure === undefined) {
    if (spec !== undefined) c.error('E120', `function '${fn.name}' requires a closure: ${fn.name}(...) -> |${spec.params.join(', ')}| { ... }`, e.span);
    return undefined;
  }
  if (spec === undefined) c.error('E120', `function '${fn.name}' does not accept a closure`, e.closure.span);
  const params = e.closure.params;
  if (params.length !== spec.params.length) {
    c.error('E120', `the closure of '${fn.name}' takes ${spec.params.length} parameters (|${spec.params.join(', ')}|), got ${params.length}`, e.closure.span);
  }
  const before = c.env;
  c.env = before.clone();
  // The body runs once per element: a variable it reassigns is not the constant it was before the loop.
  for (const [name, t] of c.env.vars) if (t.constant !== undefined || t.shape !== undefined) c.env.vars.set(name, { kinds: t.kinds });
  const slots = params.map((name, i) => {
    c.env.vars.set(name, { kinds: paramKinds(spec.params[i]!, subject) });
    return c.slot(name);
  });
  const body = c.block(e.closure.body);
  c.env = before.join(c.env);
  const run: Run = body.run;
  return (f) =>
    (...args: VrlValue[]) => {
      takeSteps(f, 1);
      for (let i = 0; i < slots.length; i++) f.vars[slots[i]!] = args[i] ?? null;
      return run(f);
    };
}

/**
 * The static type of a closure parameter: a key is a string for an object and an integer index for an
 * array; a value has the kinds of the subject's elements when the subject is a literal (as VRL types it).
 */
function paramKinds(name: string, subject: Compiled | undefined): Kinds {
  const kinds = subject?.kinds ?? ANY_KINDS;
  if (name === 'index') return K.integer;
  if (name.includes('key') || name.includes('index')) return kinds === K.array ? K.integer : kinds === K.object ? K.bytes : K.bytes | K.integer;
  const parts = subject?.shape?.items ?? [...(subject?.shape?.fields?.values() ?? [])];
  return parts.length > 0 ? parts.reduce<Kinds>((m, x) => m | x.kinds, 0) : ANY_KINDS;
}

export type { Expr };
