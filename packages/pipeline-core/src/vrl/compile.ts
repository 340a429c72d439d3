import type { AbortExpr, ArrayExpr, BinaryExpr, BlockExpr, Expr, ExprVisitor, IfExpr, LiteralExpr, ObjectExpr, ProgramAst, QueryExpr, ReturnExpr, UnaryExpr, VariableExpr } from './ast.js';
import { visitExpr } from './ast.js';
import { compileAssign } from './compile-assign.js';
import { compileCall } from './compile-call.js';
import { shapeAt, type Compiled, type Shape } from './compiled.js';
import { VrlCompileError, VrlRuntimeError, type Span } from './diagnostics.js';
import { ANY_KINDS, K, NUMERIC, kindsOfValue, kindList, type Kinds, type VrlObject } from './kinds.js';
import { BINARY, binaryResult, mulWithin, negate, not, truth } from './ops.js';
import { getField, getPath, setKey } from './path.js';
import type { Frame, Run } from './runtime.js';
import { takeSteps } from './limits.js';
import { ReturnSignal, VrlFailure } from './signals.js';
import { TypeEnv } from './type-env.js';
import { didYouMean } from '../config/did-you-mean.js';
import type { VrlValue } from './value.js';
import type { VrlFunction } from './stdlib/function.js';

/**
 * Compiles a parsed program once: resolves names and arity, infers types, enforces VRL's
 * error handling rules (every fallible expression handled), and builds the closures the
 * runtime calls per event.
 */
export class Compiler {
  private readonly slots = new Map<string, number>();
  env = new TypeEnv();

  constructor(
    readonly source: string,
    private readonly functions: ReadonlyMap<string, VrlFunction>,
  ) {}

  lookup(name: string): VrlFunction | undefined {
    return this.functions.get(name);
  }

  /** `" (did you mean 'upcase'?)"` for a misspelt function name, or `""`. */
  suggestFunction(name: string): string {
    return didYouMean(name, [...this.functions.keys(), 'del', 'exists']);
  }

  error(code: string, message: string, span: Span): never {
    throw new VrlCompileError(code, message, this.source, span);
  }

  get slotCount(): number {
    return this.slots.size;
  }

  slot(name: string): number {
    let s = this.slots.get(name);
    if (s === undefined) {
      s = this.slots.size;
      this.slots.set(name, s);
    }
    return s;
  }

  program(ast: ProgramAst): Compiled {
    const compiled = this.statements(ast.body);
    const last = ast.body[ast.body.length - 1];
    this.resultRegexPath = regexIn(compiled.shape ?? { kinds: compiled.kinds }, '');
    if (this.resultRegexPath === undefined && last?.kind === 'query' && last.target.type === 'event' && last.path.length === 0) {
      for (const [key, kinds] of this.env.paths) if (kinds === K.regex) this.resultRegexPath ??= key;
    }
    return compiled;
  }

  /** Where the program's result certainly holds a regex (which cannot become a record), if anywhere. */
  resultRegexPath: string | undefined;

  /** A sequence of statements (program or block): each must have its errors handled. */
  statements(body: readonly Expr[]): Compiled {
    const compiled = body.map((e) => {
      const c = this.expr(e);
      if (c.fallible) {
        if (e.kind === 'assign') this.error('E103', 'unhandled fallible assignment: handle the error with `!`, `??` or `value, err = ...`', e.value.span);
        this.error('E100', 'unhandled error: this expression can fail; handle it with `!`, `??` or `value, err = ...`', e.span);
      }
      return c;
    });
    if (compiled.length === 0) return { run: () => null, kinds: K.null, fallible: false };
    const last = compiled[compiled.length - 1]!;
    if (compiled.length === 1) return last;
    const runs = compiled.map((c) => c.run);
    const n = runs.length;
    return {
      run: (f) => {
        for (let i = 0; i < n - 1; i++) runs[i]!(f);
        return runs[n - 1]!(f);
      },
      kinds: last.kinds,
      fallible: false,
      ...(last.fresh ? { fresh: true } : {}),
    };
  }

  expr(e: Expr): Compiled {
    return visitExpr(e, this.visitor);
  }

  private readonly visitor: ExprVisitor<Compiled> = {
    literal: (e) => this.literal(e),
    array: (e) => this.array(e),
    object: (e) => this.object(e),
    block: (e) => this.block(e),
    query: (e) => this.query(e),
    variable: (e) => this.variable(e),
    unary: (e) => this.unary(e),
    binary: (e) => this.binary(e),
    assign: (e) => compileAssign(this, e),
    if: (e) => this.ifExpr(e),
    call: (e) => compileCall(this, e),
    abort: (e) => this.abort(e),
    return: (e) => this.ret(e),
  };

  private literal(e: LiteralExpr): Compiled {
    const v = e.value;
    return { run: () => v, kinds: kindsOfValue(v), fallible: false, constant: { value: v } };
  }

  private array(e: ArrayExpr): Compiled {
    const items = e.items.map((i) => this.expr(i));
    const runs = items.map((i) => i.run);
    const constant = items.every((i) => i.constant !== undefined) ? { value: items.map((i) => i.constant!.value) } : undefined;
    return {
      run: (f) => runs.map((r) => r(f)),
      kinds: K.array,
      fallible: items.some((i) => i.fallible),
      fresh: true,
      shape: { kinds: K.array, items: items.map(shapeOf) },
      ...(constant === undefined ? {} : { constant }),
    };
  }

  private object(e: ObjectExpr): Compiled {
    const keys = e.entries.map(([k]) => k);
    const values = e.entries.map(([, v]) => this.expr(v));
    const runs = values.map((v) => v.run);
    let constant: { value: VrlValue } | undefined;
    if (values.every((v) => v.constant !== undefined)) {
      const o: VrlObject = {};
      keys.forEach((k, i) => setKey(o, k, values[i]!.constant!.value));
      constant = { value: o };
    }
    return {
      run: (f) => {
        const o: VrlObject = {};
        for (let i = 0; i < keys.length; i++) setKey(o, keys[i]!, runs[i]!(f));
        return o;
      },
      kinds: K.object,
      fallible: values.some((v) => v.fallible),
      fresh: true,
      shape: { kinds: K.object, fields: new Map(keys.map((k, i) => [k, shapeOf(values[i]!)])) },
      ...(constant === undefined ? {} : { constant }),
    };
  }

  block(e: BlockExpr): Compiled {
    return this.statements(e.body);
  }

  private query(e: QueryExpr): Compiled {
    const path = e.path;
    const t = e.target;
    if (t.type === 'event') {
      const kinds = this.env.eventKinds(path);
      if (path.length === 0) return { run: (f) => f.event, kinds, fallible: false };
      if (path.length === 1 && 'field' in path[0]!) {
        const key = path[0].field;
        return { run: (f) => getField(f.event, key), kinds, fallible: false };
      }
      return { run: (f) => getPath(f.event, path), kinds, fallible: false };
    }
    if (t.type === 'variable') {
      const base = this.variable({ kind: 'variable', name: t.name, span: e.span });
      const slot = this.slot(t.name);
      const shape = shapeAt(base.shape, path);
      return { run: (f) => getPath(f.vars[slot]!, path), kinds: shape?.kinds ?? ANY_KINDS, fallible: false, ...(shape === undefined ? {} : { shape }) };
    }
    const inner = this.expr(t.expr);
    const run = inner.run;
    const shape = shapeAt(inner.shape, path);
    return { run: (f) => getPath(run(f), path), kinds: shape?.kinds ?? ANY_KINDS, fallible: inner.fallible };
  }

  private variable(e: VariableExpr): Compiled {
    const type = this.env.vars.get(e.name);
    if (type === undefined) this.error('E701', `call to undefined variable '${e.name}'${didYouMean(e.name, this.env.vars.keys())}`, e.span);
    const slot = this.slot(e.name);
    return {
      run: (f) => f.vars[slot]!,
      kinds: type.kinds,
      fallible: false,
      ...(type.constant === undefined ? {} : { constant: type.constant }),
      ...(type.shape === undefined ? {} : { shape: type.shape }),
    };
  }

  private unary(e: UnaryExpr): Compiled {
    const operand = this.expr(e.operand);
    const run = operand.run;
    if (e.op === '!') {
      if (operand.kinds !== K.boolean) this.error('E660', `non-boolean negation: the operand is ${describe(operand.kinds)} (coerce it first, e.g. !bool!(...))`, e.span);
      return { run: (f) => not(run(f)), kinds: K.boolean, fallible: operand.fallible };
    }
    const kinds = operand.kinds & NUMERIC;
    return { run: (f) => negate(run(f)), kinds: kinds === 0 ? NUMERIC : kinds, fallible: operand.fallible || (operand.kinds & ~NUMERIC) !== 0 };
  }

  private binary(e: BinaryExpr): Compiled {
    if (COMPARISONS.has(e.op) && e.left.kind === 'binary' && COMPARISONS.has(e.left.op) && e.left.grouped !== true) {
      this.error('E650', "chained comparison operators: comparisons can't be chained together, use && or parentheses", e.span);
    }
    const left = this.expr(e.left);
    if (e.op === '??' && !left.fallible) {
      this.error('E651', 'unnecessary error coalescing: the left-hand side cannot fail (`??` handles errors, not null values)', e.left.span);
    }
    const right = this.expr(e.right);
    if (e.op === '|' && (left.kinds !== K.object || right.kinds !== K.object)) {
      this.error('E652', `only objects can be merged: the ${left.kinds !== K.object ? 'left' : 'right'} side is ${describe(left.kinds !== K.object ? left.kinds : right.kinds)} (use object!(...) first)`, e.span);
    }
    const L = left.run;
    const R = right.run;
    let kinds = 0;
    let opFails = false;
    for (const l of bits(left.kinds)) {
      for (const r of bits(right.kinds)) {
        const k = binaryResult(e.op, l, r);
        if (k === 0) opFails = true;
        kinds |= k;
      }
    }
    if (kinds === 0) kinds = ANY_KINDS;
    if (e.op === '/' || e.op === '%') {
      const d = right.constant?.value;
      if (!((typeof d === 'number' || typeof d === 'bigint') && Number(d) !== 0)) opFails = true;
    }
    switch (e.op) {
      case '??':
        return {
          run: (f) => {
            try {
              return L(f);
            } catch (err) {
              if (err instanceof VrlFailure) return R(f);
              throw err;
            }
          },
          kinds: left.kinds | right.kinds,
          fallible: right.fallible,
        };
      case '||':
        return {
          run: (f) => {
            const v = L(f);
            return v === null || v === false ? R(f) : v;
          },
          kinds,
          fallible: left.fallible || right.fallible,
        };
      case '&&':
        return { run: (f) => truth(L(f), 'left') && truth(R(f), 'right'), kinds: K.boolean, fallible: opFails || left.fallible || right.fallible };
      default: {
        if (e.op === '*') return { run: (f) => built(f, mulWithin(L(f), R(f), f.ctx.maxValueSize)), kinds, fallible: opFails || left.fallible || right.fallible };
        const op = BINARY[e.op]!;
        if (e.op === '+' || e.op === '|') return { run: (f) => built(f, op(L(f), R(f))), kinds, fallible: opFails || left.fallible || right.fallible, ...(e.op === '|' ? { fresh: true } : {}) };
        return { run: (f) => op(L(f), R(f)), kinds, fallible: opFails || left.fallible || right.fallible };
      }
    }
  }

  private ifExpr(e: IfExpr): Compiled {
    const cond = this.expr(e.condition);
    if (cond.fallible) this.error('E100', 'fallible predicate: the if condition can fail; handle its error first', e.condition.span);
    if (cond.kinds !== K.boolean) this.error('E102', `non-boolean if expression predicate: the condition is ${describe(cond.kinds)}`, e.condition.span);
    const before = this.env;
    this.env = before.clone();
    const then = this.block(e.then);
    const afterThen = this.env;
    this.env = before.clone();
    const alt = e.else === undefined ? undefined : e.else.kind === 'if' ? this.ifExpr(e.else) : this.block(e.else);
    this.env = afterThen.join(this.env);
    const C = cond.run;
    const T = then.run;
    const A = alt?.run;
    return {
      run: A === undefined ? (f) => (C(f) === true ? T(f) : null) : (f) => (C(f) === true ? T(f) : A(f)),
      kinds: then.kinds | (alt === undefined ? K.null : alt.kinds),
      fallible: then.fallible || (alt?.fallible ?? false),
    };
  }

  private abort(e: AbortExpr): Compiled {
    if (e.message === undefined) {
      return { run: () => { throw new VrlRuntimeError('aborted', true); }, kinds: 0, fallible: false };
    }
    const msg = this.expr(e.message);
    if (msg.fallible) this.error('E631', 'fallible abort message expression', e.message.span);
    if ((msg.kinds & K.bytes) === 0) this.error('E300', `non-string abort message: it is ${describe(msg.kinds)}`, e.message.span);
    const M = msg.run;
    return {
      run: (f) => {
        const m = M(f);
        throw new VrlRuntimeError(typeof m === 'string' ? m : 'aborted', true);
      },
      kinds: 0,
      fallible: false,
    };
  }

  private ret(e: ReturnExpr): Compiled {
    const value = this.expr(e.value);
    const V = value.run;
    return {
      run: (f) => {
        throw new ReturnSignal(V(f));
      },
      kinds: 0,
      fallible: value.fallible,
    };
  }
}

function regexIn(shape: Shape, path: string): string | undefined {
  if (shape.kinds === K.regex) return path;
  for (const [k, s] of shape.fields ?? []) {
    const found = regexIn(s, `${path}.${JSON.stringify(k)}`);
    if (found !== undefined) return found;
  }
  for (const [i, s] of (shape.items ?? []).entries()) {
    const found = regexIn(s, `${path}[${i}]`);
    if (found !== undefined) return found;
  }
  return undefined;
}

function shapeOf(c: Compiled): Shape {
  return c.shape ?? { kinds: c.kinds };
}

const COMPARISONS = new Set<string>(['==', '!=', '<', '<=', '>', '>=']);

function* bits(kinds: Kinds): Generator<Kinds> {
  for (let b = 1; b <= 256; b <<= 1) if ((kinds & b) !== 0) yield b;
}

function describe(kinds: Kinds): string {
  return kinds === ANY_KINDS ? 'any' : kindList(kinds).map((k) => (k === 'bytes' ? 'string' : k)).join(' or ');
}

export type { Run };

/** A value an operator built counts as work: one step per 64 characters (or keys) of a string or object result. */
function built(f: Frame, v: VrlValue): VrlValue {
  if (typeof v === 'string') {
    if (v.length >= 64) takeSteps(f, v.length >>> 6);
  } else if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    takeSteps(f, 1);
  }
  return v;
}
