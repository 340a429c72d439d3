import { toPlain, type Value } from '@sluice/pipeline-core';
import { mapRows, type Compiled } from '../expr/compiled.js';
import { castTo } from '../expr/coerce.js';
import { argError, constString, type ScalarFunction } from './function.js';

/**
 * `json_path_match(json, 'predicate')`: a SQL/JSON path predicate (lax mode, as GreptimeDB's jsonb crate checks it):
 * `$.a == 1`, `$.b[1 to last] >= 2`, `$.a > 1 && !($.b == "x")`. Comparisons are existential over the items a path
 * yields (arrays unwrap); a comparison of values of different kinds is unknown (NULL). A path that is not a
 * predicate answers its first item when that is a boolean, otherwise NULL. Compiled once per query.
 */

type Ternary = boolean | null;
type Index = { readonly last: boolean; readonly n: number };
type PathStep =
  | { readonly k: 'key'; readonly name: string }
  | { readonly k: 'anyKey' }
  | { readonly k: 'anyIndex' }
  | { readonly k: 'index'; readonly ranges: readonly (readonly [Index, Index])[] };
type Operand = { readonly k: 'path'; readonly steps: readonly PathStep[] } | { readonly k: 'lit'; readonly v: unknown };
type Pred =
  | { readonly k: 'or' | 'and'; readonly a: Pred; readonly b: Pred }
  | { readonly k: 'not'; readonly a: Pred }
  | { readonly k: 'cmp'; readonly op: string; readonly l: Operand; readonly r: Operand };
type Expr = { readonly k: 'pred'; readonly p: Pred } | { readonly k: 'value'; readonly o: Operand };

const MAX_DEPTH = 64;
const TOKEN = /\s*(\$|\.\*|\.|\[\*\]|\[|\]|,|==|!=|<>|<=|>=|<|>|&&|\|\||!|\(|\)|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\]|\\.)*"|[A-Za-z_][\w]*|\*|-)/y;

function tokenize(src: string): string[] {
  const out: string[] = [];
  let pos = 0;
  while (pos < src.length) {
    if (/^\s*$/.test(src.slice(pos))) break;
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(src);
    if (!m) throw argError('json_path_match', `invalid JSON path '${src}' at position ${pos}`);
    out.push(m[1]!);
    pos = TOKEN.lastIndex;
  }
  return out;
}

class Parser {
  private i = 0;
  constructor(private readonly src: string, private readonly t: readonly string[]) {}

  private fail(what: string): never {
    throw argError('json_path_match', `invalid JSON path '${this.src}': ${what}${this.i < this.t.length ? ` at '${this.t[this.i]}'` : ' at the end'}`);
  }
  private peek(): string | undefined { return this.t[this.i]; }
  private eat(tok: string): boolean {
    if (this.t[this.i] !== tok) return false;
    this.i++;
    return true;
  }

  parse(): Expr {
    const e = this.expr(0);
    if (this.i < this.t.length) this.fail('unexpected token');
    return e;
  }

  private expr(depth: number): Expr {
    if (depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH}`);
    const first = this.unary(depth);
    let p: Expr = first;
    for (;;) {
      const op = this.peek();
      if (op !== '&&' && op !== '||') return p;
      this.i++;
      const rhs = this.unary(depth);
      if (p.k !== 'pred' || rhs.k !== 'pred') this.fail(`'${op}' needs predicates on both sides`);
      // && binds tighter than ||.
      if (op === '&&' && p.p.k === 'or') p = { k: 'pred', p: { k: 'or', a: p.p.a, b: { k: 'and', a: p.p.b, b: rhs.p } } };
      else p = { k: 'pred', p: { k: op === '&&' ? 'and' : 'or', a: p.p, b: rhs.p } };
    }
  }

  private unary(depth: number): Expr {
    if (this.eat('!')) {
      if (!this.eat('(')) this.fail("'!' needs a parenthesised predicate");
      const inner = this.expr(depth + 1);
      if (!this.eat(')')) this.fail("missing ')'");
      if (inner.k !== 'pred') this.fail("'!' needs a predicate");
      return { k: 'pred', p: { k: 'not', a: inner.p } };
    }
    if (this.eat('(')) {
      const inner = this.expr(depth + 1);
      if (!this.eat(')')) this.fail("missing ')'");
      return inner;
    }
    const l = this.operand();
    const op = this.peek();
    if (op === '==' || op === '!=' || op === '<>' || op === '<' || op === '<=' || op === '>' || op === '>=') {
      this.i++;
      return { k: 'pred', p: { k: 'cmp', op: op === '<>' ? '!=' : op, l, r: this.operand() } };
    }
    return { k: 'value', o: l };
  }

  private operand(): Operand {
    const tok = this.peek();
    if (tok === undefined) this.fail('missing operand');
    if (tok === '$') {
      this.i++;
      return { k: 'path', steps: this.steps() };
    }
    this.i++;
    if (tok === 'null') return { k: 'lit', v: null };
    if (tok === 'true' || tok === 'false') return { k: 'lit', v: tok === 'true' };
    if (tok.startsWith('"')) return { k: 'lit', v: JSON.parse(tok) as string };
    if (/^-?\d/.test(tok)) return { k: 'lit', v: Number(tok) };
    this.i--;
    return this.fail('expected a path or a literal');
  }

  private steps(): PathStep[] {
    const steps: PathStep[] = [];
    for (;;) {
      if (this.eat('.*')) steps.push({ k: 'anyKey' });
      else if (this.eat('[*]')) steps.push({ k: 'anyIndex' });
      else if (this.eat('.')) {
        const name = this.peek();
        if (name === undefined || !(/^[A-Za-z_]/.test(name) || name.startsWith('"'))) this.fail('expected a key after .');
        this.i++;
        steps.push({ k: 'key', name: name.startsWith('"') ? (JSON.parse(name) as string) : name });
      } else if (this.eat('[')) {
        const ranges: (readonly [Index, Index])[] = [];
        do {
          const from = this.index();
          ranges.push([from, this.eat('to') ? this.index() : from]);
        } while (this.eat(','));
        if (!this.eat(']')) this.fail("missing ']'");
        steps.push({ k: 'index', ranges });
      } else return steps;
    }
  }

  private index(): Index {
    if (this.eat('last')) {
      if (this.eat('-')) {
        const n = this.peek();
        if (n === undefined || !/^\d+$/.test(n)) this.fail('expected a number after last -');
        this.i++;
        return { last: true, n: Number(n) };
      }
      return { last: true, n: 0 };
    }
    const n = this.peek();
    if (n === undefined || !/^\d+$/.test(n)) this.fail('expected an array index');
    this.i++;
    return { last: false, n: Number(n) };
  }
}

function select(root: unknown, steps: readonly PathStep[]): unknown[] {
  let items: unknown[] = [root];
  for (const s of steps) {
    const next: unknown[] = [];
    for (const it of items) {
      if (s.k === 'key' || s.k === 'anyKey') {
        // Lax mode: a member accessor applies to each element of an array.
        for (const o of Array.isArray(it) ? it : [it]) {
          if (o === null || typeof o !== 'object' || Array.isArray(o)) continue;
          if (s.k === 'anyKey') next.push(...Object.values(o as Record<string, unknown>));
          else if (Object.hasOwn(o, s.name)) next.push((o as Record<string, unknown>)[s.name]);
        }
      } else {
        // Lax mode: an array accessor on a non-array treats it as a one-item array.
        const arr = Array.isArray(it) ? it : [it];
        if (s.k === 'anyIndex') next.push(...arr);
        else {
          const at = (x: Index) => (x.last ? arr.length - 1 - x.n : x.n);
          for (const [f, t] of s.ranges) for (let i = Math.max(0, at(f)); i <= Math.min(arr.length - 1, at(t)); i++) next.push(arr[i]);
        }
      }
    }
    items = next;
  }
  return items;
}

function items(o: Operand, root: unknown): unknown[] {
  if (o.k === 'lit') return [o.v];
  // Lax mode: comparison operands unwrap arrays one level.
  return select(root, o.steps).flatMap((x) => (Array.isArray(x) ? x : [x]));
}

/** One comparison of two scalars: undefined when they are not comparable (an error, unknown in lax mode). */
function compareOne(op: string, a: unknown, b: unknown): boolean | undefined {
  if (a === null || b === null) return op === '==' ? a === b : op === '!=' ? a !== b : undefined;
  const ta = typeof a === 'bigint' ? 'number' : typeof a;
  const tb = typeof b === 'bigint' ? 'number' : typeof b;
  if (ta !== tb || (ta !== 'number' && ta !== 'string' && ta !== 'boolean')) return undefined;
  const x = ta === 'number' ? Number(a) : (a as string | boolean);
  const y = ta === 'number' ? Number(b) : (b as string | boolean);
  if (ta === 'boolean' && op !== '==' && op !== '!=') return undefined;
  switch (op) {
    case '==': return x === y;
    case '!=': return x !== y;
    case '<': return x < y;
    case '<=': return x <= y;
    case '>': return x > y;
    default: return x >= y;
  }
}

function evalPred(p: Pred, root: unknown): Ternary {
  switch (p.k) {
    case 'and': {
      const a = evalPred(p.a, root);
      if (a === false) return false;
      const b = evalPred(p.b, root);
      return b === false ? false : a === null || b === null ? null : true;
    }
    case 'or': {
      const a = evalPred(p.a, root);
      if (a === true) return true;
      const b = evalPred(p.b, root);
      return b === true ? true : a === null || b === null ? null : false;
    }
    case 'not': {
      const a = evalPred(p.a, root);
      return a === null ? null : !a;
    }
    case 'cmp': {
      let unknown = false;
      const rs = items(p.r, root);
      for (const l of items(p.l, root)) {
        for (const r of rs) {
          const c = compareOne(p.op, l, r);
          if (c === true) return true;
          if (c === undefined) unknown = true;
        }
      }
      return unknown ? null : false;
    }
  }
}

export const JSON_PATH_MATCH: ScalarFunction = {
  name: 'json_path_match', signature: "json_path_match(json, 'predicate')", minArgs: 2, maxArgs: 2,
  bind: ([j, p]: Compiled[]) => {
    const json = j!.type === 'string' ? castTo(j!, 'json') : j!;
    if (p!.constant?.value === null) return mapRows('boolean', [json], () => null);
    const src = constString('json_path_match', p!, 'path');
    const expr = new Parser(src, tokenize(src)).parse();
    return mapRows('boolean', [json], (v) => {
      const root = toPlain(v as Value);
      if (root === null) return null;
      if (expr.k === 'pred') return evalPred(expr.p, root);
      const first = items(expr.o, root)[0];
      return typeof first === 'boolean' ? first : null;
    });
  },
};
