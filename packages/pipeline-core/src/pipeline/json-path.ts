import { isValueMap, type Value } from '../value/value.js';

/**
 * A small JSONPath (RFC 9535 subset) compiled once: `$`, `.name`, `['name']`, `.*`, `[*]`, `..name`,
 * `..*`, `[0]`, `[-1]`, `[0,2]`, `['a','b']`, `[start:end:step]`, and filters
 * `[?(@.a)]`, `[?(@.a.b == 'x')]` with `== != < <= > >=` joined by `&&` / `||`.
 */
export class JsonPathError extends Error {
  override name = 'JsonPathError';
}

type Selector =
  | { readonly k: 'name'; readonly name: string }
  | { readonly k: 'wild' }
  | { readonly k: 'index'; readonly i: number }
  | { readonly k: 'slice'; readonly start?: number; readonly end?: number; readonly step: number }
  | { readonly k: 'filter'; readonly expr: Expr };

interface Segment {
  readonly descendant: boolean;
  readonly selectors: readonly Selector[];
}

type Operand = { readonly k: 'path'; readonly path: readonly string[] } | { readonly k: 'lit'; readonly v: Value };
type Expr =
  | { readonly k: 'exists'; readonly path: readonly string[] }
  | { readonly k: 'cmp'; readonly op: string; readonly a: Operand; readonly b: Operand }
  | { readonly k: 'and' | 'or'; readonly a: Expr; readonly b: Expr };

const NAME = /[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff-]*/y;
const INT = /-?\d+/y;
const LIT = /\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)\s*/y;
const OP = /\s*(==|!=|<=|>=|<|>)\s*/y;
const AT_PATH = /\s*@((?:\.[A-Za-z_$][\w$-]*|\['[^']*'\]|\["[^"]*"\])*)\s*/y;

export class JsonPath {
  private constructor(private readonly segments: readonly Segment[]) {}

  static compile(text: string): JsonPath {
    return new JsonPath(new Parser(text.trim()).path());
  }

  /** Every value the path selects, in document order. */
  evaluate(root: Value): Value[] {
    let current: Value[] = [root];
    for (const seg of this.segments) {
      const next: Value[] = [];
      for (const v of current) {
        if (seg.descendant) descend(v, seg.selectors, next);
        else select(v, seg.selectors, next);
      }
      current = next;
    }
    return current;
  }
}

/** Applies the selectors to `v` and to every value below it, in document order. */
function descend(v: Value, selectors: readonly Selector[], out: Value[]): void {
  select(v, selectors, out);
  if (Array.isArray(v)) for (const x of v) descend(x, selectors, out);
  else if (isValueMap(v)) for (const k in v) descend(v[k]!, selectors, out);
}

function select(v: Value, selectors: readonly Selector[], out: Value[]): void {
  for (const s of selectors) {
    switch (s.k) {
      case 'name':
        if (isValueMap(v) && Object.prototype.hasOwnProperty.call(v, s.name)) out.push(v[s.name]!);
        break;
      case 'wild':
        if (Array.isArray(v)) out.push(...v);
        else if (isValueMap(v)) for (const k in v) out.push(v[k]!);
        break;
      case 'index':
        if (Array.isArray(v)) {
          const i = s.i < 0 ? v.length + s.i : s.i;
          if (i >= 0 && i < v.length) out.push(v[i]!);
        }
        break;
      case 'slice':
        if (Array.isArray(v)) slice(v, s, out);
        break;
      case 'filter':
        if (Array.isArray(v)) for (const x of v) (test(s.expr, x) ? out.push(x) : 0);
        else if (isValueMap(v)) for (const k in v) (test(s.expr, v[k]!) ? out.push(v[k]!) : 0);
        break;
    }
  }
}

function slice(v: Value[], s: { start?: number; end?: number; step: number }, out: Value[]): void {
  const n = v.length;
  const norm = (i: number) => (i < 0 ? Math.max(n + i, 0) : Math.min(i, n));
  if (s.step > 0) for (let i = norm(s.start ?? 0); i < norm(s.end ?? n); i += s.step) out.push(v[i]!);
  else if (s.step < 0) for (let i = s.start === undefined ? n - 1 : norm(s.start); i > (s.end === undefined ? -1 : norm(s.end)); i += s.step) if (i < n) out.push(v[i]!);
}

function resolvePath(v: Value, path: readonly string[]): Value | undefined {
  let cur: Value | undefined = v;
  for (const p of path) {
    if (isValueMap(cur) && Object.prototype.hasOwnProperty.call(cur, p)) cur = cur[p];
    else return undefined;
  }
  return cur;
}

function operand(o: Operand, v: Value): Value | undefined {
  return o.k === 'lit' ? o.v : resolvePath(v, o.path);
}

function test(e: Expr, v: Value): boolean {
  switch (e.k) {
    case 'exists':
      return resolvePath(v, e.path) !== undefined;
    case 'and':
      return test(e.a, v) && test(e.b, v);
    case 'or':
      return test(e.a, v) || test(e.b, v);
    case 'cmp': {
      const a = operand(e.a, v);
      const b = operand(e.b, v);
      if (a === undefined || b === undefined) return e.op === '!=' && a !== b;
      const num = (typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint');
      const str = typeof a === 'string' && typeof b === 'string';
      switch (e.op) {
        case '==':
          return num ? Number(a) === Number(b) : a === b;
        case '!=':
          return num ? Number(a) !== Number(b) : a !== b;
        default: {
          if (!num && !str) return false;
          const x = num ? Number(a) : a;
          const y = num ? Number(b) : b;
          return e.op === '<' ? x < y : e.op === '<=' ? x <= y : e.op === '>' ? x > y : x >= y;
        }
      }
    }
  }
}

class Parser {
  private pos = 0;
  constructor(private readonly s: string) {}

  private fail(msg: string): never {
    throw new JsonPathError(`invalid JSONPath '${this.s}' at position ${this.pos}: ${msg}`);
  }

  private sticky(re: RegExp): RegExpExecArray | null {
    re.lastIndex = this.pos;
    const m = re.exec(this.s);
    if (m) this.pos = re.lastIndex;
    return m;
  }

  path(): Segment[] {
    if (this.s[this.pos] !== '$') this.fail("a path starts with '$'");
    this.pos++;
    const segs: Segment[] = [];
    while (this.pos < this.s.length) {
      const c = this.s[this.pos];
      if (c === '.') {
        const descendant = this.s[this.pos + 1] === '.';
        this.pos += descendant ? 2 : 1;
        if (this.s[this.pos] === '[') segs.push({ descendant, selectors: this.bracket() });
        else if (this.s[this.pos] === '*') this.pos++, segs.push({ descendant, selectors: [{ k: 'wild' }] });
        else {
          const m = this.sticky(NAME);
          if (!m) this.fail('expected a member name');
          segs.push({ descendant, selectors: [{ k: 'name', name: m[0] }] });
        }
      } else if (c === '[') segs.push({ descendant: false, selectors: this.bracket() });
      else this.fail(`unexpected '${c}'`);
    }
    return segs;
  }

  private bracket(): Selector[] {
    this.pos++;
    const out: Selector[] = [];
    for (;;) {
      this.ws();
      out.push(this.selector());
      this.ws();
      const c = this.s[this.pos++];
      if (c === ']') return out;
      if (c !== ',') this.fail("expected ',' or ']'");
    }
  }

  private ws(): void {
    while (this.s[this.pos] === ' ') this.pos++;
  }

  private selector(): Selector {
    const c = this.s[this.pos];
    if (c === '*') return this.pos++, { k: 'wild' };
    if (c === "'" || c === '"') return { k: 'name', name: this.literalString() };
    if (c === '?') {
      this.pos++;
      const paren = this.s[this.pos] === '(';
      if (paren) this.pos++;
      const expr = this.orExpr();
      if (paren && this.s[this.pos++] !== ')') this.fail("expected ')'");
      return { k: 'filter', expr };
    }
    const a = this.sticky(INT);
    if (this.s[this.pos] === ':') {
      this.pos++;
      const b = this.sticky(INT);
      let step = 1;
      if (this.s[this.pos] === ':') {
        this.pos++;
        const st = this.sticky(INT);
        if (st) step = Number(st[0]);
      }
      if (step === 0) this.fail('slice step must not be 0');
      return { k: 'slice', start: a ? Number(a[0]) : undefined, end: b ? Number(b[0]) : undefined, step };
    }
    if (!a) this.fail('expected a name, an index, a slice, * or a filter');
    return { k: 'index', i: Number(a[0]) };
  }

  private literalString(): string {
    const m = this.sticky(LIT);
    if (!m || !/^['"]/.test(m[1]!)) this.fail('expected a quoted string');
    return unquote(m[1]!);
  }

  private orExpr(): Expr {
    let e = this.andExpr();
    while (this.s.startsWith('||', this.pos)) (this.pos += 2), (e = { k: 'or', a: e, b: this.andExpr() });
    return e;
  }

  private andExpr(): Expr {
    let e = this.cmpExpr();
    while (this.s.startsWith('&&', this.pos)) (this.pos += 2), (e = { k: 'and', a: e, b: this.cmpExpr() });
    return e;
  }

  private cmpExpr(): Expr {
    const a = this.operand();
    const op = this.sticky(OP);
    if (!op) {
      if (a.k !== 'path') this.fail('a filter needs @ paths');
      return { k: 'exists', path: a.path };
    }
    return { k: 'cmp', op: op[1]!, a, b: this.operand() };
  }

  private operand(): Operand {
    const p = this.sticky(AT_PATH);
    if (p) {
      const path = [...p[1]!.matchAll(/\.([A-Za-z_$][\w$-]*)|\['([^']*)'\]|\["([^"]*)"\]/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
      return { k: 'path', path };
    }
    const m = this.sticky(LIT);
    if (!m) this.fail('expected @.path or a literal');
    const t = m[1]!;
    if (t[0] === "'" || t[0] === '"') return { k: 'lit', v: unquote(t) };
    return { k: 'lit', v: t === 'true' ? true : t === 'false' ? false : t === 'null' ? null : Number(t) };
  }
}

function unquote(t: string): string {
  return t.slice(1, -1).replace(/\\(.)/g, '$1');
}
