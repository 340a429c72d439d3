import { parser } from '@prometheus-io/lezer-promql';
import type { SyntaxNode, Tree } from '@lezer/common';
import type { AggregateOp, AtModifier, BinaryOp, Expr, LabelMatcher, MatchOp, VectorMatching, VectorSelector } from './ast.js';
import { parsePromDuration } from './duration.js';
import { PromqlSyntaxError } from './errors.js';
import { unquote } from './strings.js';
import { compatText, type CompatText } from './lexer-compat.js';

/** The lezer tree stops here: PromQL text -> AST (syntax only; types are checked in check.ts). */

const EXPR_NODES = new Set([
  'AggregateExpr', 'BinaryExpr', 'FunctionCall', 'MatrixSelector', 'NumberDurationLiteral', 'OffsetExpr', 'AnchoredExpr',
  'SmoothedExpr', 'ParenExpr', 'StringLiteral', 'SubqueryExpr', 'UnaryExpr', 'VectorSelector', 'StepInvariantExpr',
]);

const BINARY_OPS: Record<string, BinaryOp> = {
  Pow: '^', Mul: '*', Div: '/', Mod: '%', Atan2: 'atan2', Add: '+', Sub: '-', Eql: '==', Gte: '>=', Gtr: '>', Lte: '<=',
  Lss: '<', Neq: '!=', And: 'and', Unless: 'unless', Or: 'or',
};
const MATCH_OPS: Record<string, MatchOp> = { EqlSingle: '=', Neq: '!=', EqlRegex: '=~', NeqRegex: '!~' };

class Builder {
  constructor(
    private readonly text: string,
    private readonly compat?: CompatText & { readonly source: string },
  ) {}

  src(n: SyntaxNode): string {
    return this.text.slice(n.from, n.to);
  }

  fail(n: SyntaxNode | number, message: string): never {
    const at = typeof n === 'number' ? n : n.from;
    if (this.compat) throw new PromqlSyntaxError(position(this.compat.source, this.compat.original(at)), message);
    throw new PromqlSyntaxError(position(this.text, at), message);
  }

  children(n: SyntaxNode): SyntaxNode[] {
    const out: SyntaxNode[] = [];
    for (let c = n.firstChild; c; c = c.nextSibling) out.push(c);
    return out;
  }

  exprs(n: SyntaxNode): SyntaxNode[] {
    return this.children(n).filter((c) => EXPR_NODES.has(c.name));
  }

  expr(n: SyntaxNode): Expr {
    switch (n.name) {
      case 'NumberDurationLiteral': return { kind: 'number', value: this.number(n) };
      case 'StringLiteral': return { kind: 'string', value: this.string(n) };
      case 'VectorSelector': return this.vectorSelector(n);
      case 'MatrixSelector': return this.matrixSelector(n);
      case 'SubqueryExpr': return this.subquery(n);
      case 'OffsetExpr': return this.offset(n);
      case 'StepInvariantExpr': return this.at(n);
      case 'ParenExpr': return { kind: 'paren', expr: this.expr(this.exprs(n)[0]!) };
      case 'UnaryExpr': return this.unary(n);
      case 'FunctionCall': return this.call(n);
      case 'AggregateExpr': return this.aggregate(n);
      case 'BinaryExpr': return this.binary(n);
      default: return this.fail(n, `unsupported expression ${JSON.stringify(this.src(n))}`);
    }
  }

  number(n: SyntaxNode): number {
    const t = this.src(n).replace(/_/g, '');
    const sign = t.startsWith('-') ? -1 : 1;
    const body = t.replace(/^[-+]/, '').trim();
    const lower = body.toLowerCase();
    if (lower === 'inf') return sign * Infinity;
    if (lower === 'nan') return NaN;
    if (/^0x[0-9a-f]+$/i.test(body)) return sign * parseInt(body, 16);
    const num = Number(body);
    if (body !== '' && Number.isFinite(num)) return sign * num;
    const d = parsePromDuration(body);
    if (d !== undefined) return (sign * d) / 1000;
    return this.fail(n, `bad number or duration syntax: ${JSON.stringify(t)}`);
  }

  string(n: SyntaxNode): string {
    try {
      return unquote(this.src(n));
    } catch (e) {
      return this.fail(n, (e as Error).message);
    }
  }

  duration(n: SyntaxNode | null): number {
    if (!n) return this.fail(this.text.length, 'missing duration');
    let inner: SyntaxNode = n;
    while ((inner.name === 'DurationExpr' || inner.name === 'OffsetDurationExpr') && inner.firstChild && !inner.firstChild.nextSibling) inner = inner.firstChild;
    if (inner.name === 'NumberDurationLiteralInDurationContext') {
      const t = this.src(inner);
      const d = parsePromDuration(t);
      if (d !== undefined) return d;
      const secs = Number(t);
      if (Number.isFinite(secs) && /^[0-9.]+(e[+-]?\d+)?$/i.test(t)) return Math.round(secs * 1000);
      return this.fail(inner, `bad duration syntax: ${JSON.stringify(t)}`);
    }
    const kids = this.children(n);
    if ((n.name === 'OffsetDurationExpr' || n.name === 'DurationExpr') && kids.length === 2 && kids[0]!.name === 'UnaryOp') {
      const sign = this.src(kids[0]!) === '-' ? -1 : 1;
      return sign * this.duration(kids[1]!);
    }
    return this.fail(n, `unsupported duration expression ${JSON.stringify(this.src(n))}`);
  }

  vectorSelector(n: SyntaxNode): VectorSelector {
    const id = n.getChild('Identifier');
    const name = id ? this.src(id) : undefined;
    const matchers: LabelMatcher[] = [];
    const lm = n.getChild('LabelMatchers');
    if (lm) {
      for (const m of this.children(lm)) {
        if (m.name === 'QuotedLabelName') {
          matchers.push({ name: '__name__', op: '=', value: this.string(m.firstChild!) });
          continue;
        }
        if (m.name !== 'UnquotedLabelMatcher' && m.name !== 'QuotedLabelMatcher') continue;
        const nameNode = m.getChild('LabelName') ?? m.getChild('QuotedLabelName')?.firstChild;
        const op = m.getChild('MatchOp')?.firstChild;
        const value = m.getChild('StringLiteral');
        if (!nameNode || !op || !value) this.fail(m, `unexpected label matcher ${JSON.stringify(this.src(m))}`);
        const label = nameNode.name === 'LabelName' ? this.src(nameNode) : this.string(nameNode);
        matchers.push({ name: label, op: MATCH_OPS[op.name]!, value: this.string(value) });
      }
    }
    if (name !== undefined) {
      if (matchers.some((m) => m.name === '__name__')) this.fail(n, `metric name must not be set twice: ${JSON.stringify(name)}`);
      matchers.unshift({ name: '__name__', op: '=', value: name });
    }
    return { kind: 'vector_selector', name, matchers, offsetMs: 0, at: undefined };
  }

  /**
   * Postfix modifiers (`[range]`, `[range:step]`, `offset`, `@`) bind tighter than unary and binary
   * operators in Prometheus's grammar; lezer may attach them to the whole operation, so they are moved
   * onto the rightmost operand here.
   */
  postfix(inner: Expr, apply: (e: Expr) => Expr): Expr {
    if (inner.kind === 'binary') return { ...inner, rhs: this.postfix(inner.rhs, apply) };
    if (inner.kind === 'unary') return { ...inner, expr: this.postfix(inner.expr, apply) };
    return apply(inner);
  }

  matrixSelector(n: SyntaxNode): Expr {
    return this.postfix(this.expr(this.exprs(n)[0]!), (inner) => this.toMatrix(n, inner));
  }

  toMatrix(n: SyntaxNode, inner: Expr): Expr {
    if (inner.kind !== 'vector_selector') this.fail(n, `ranges only allowed for vector selectors`);
    if (inner.offsetMs !== 0 || inner.at) this.fail(n, 'no offset or @ modifiers allowed before range');
    return { kind: 'matrix_selector', selector: inner, rangeMs: this.duration(n.getChild('DurationExpr')) };
  }

  subquery(n: SyntaxNode): Expr {
    const durations = n.getChildren('DurationExpr');
    return this.postfix(this.expr(this.exprs(n)[0]!), (expr) => ({
      kind: 'subquery',
      expr,
      rangeMs: this.duration(durations[0] ?? null),
      stepMs: durations[1] ? this.duration(durations[1]) : 0,
      offsetMs: 0,
      at: undefined,
    }));
  }

  offset(n: SyntaxNode): Expr {
    const ms = this.duration(n.getChild('OffsetDurationExpr'));
    return this.postfix(this.expr(this.exprs(n)[0]!), (inner) => this.withOffset(n, inner, ms));
  }

  withOffset(n: SyntaxNode, inner: Expr, ms: number): Expr {
    switch (inner.kind) {
      case 'vector_selector':
        if (inner.offsetMs !== 0) this.fail(n, 'offset may not be set multiple times');
        return { ...inner, offsetMs: ms };
      case 'matrix_selector':
        if (inner.selector.offsetMs !== 0) this.fail(n, 'offset may not be set multiple times');
        return { ...inner, selector: { ...inner.selector, offsetMs: ms } };
      case 'subquery':
        if (inner.offsetMs !== 0) this.fail(n, 'offset may not be set multiple times');
        return { ...inner, offsetMs: ms };
      default:
        return this.fail(n, 'offset modifier must be preceded by an instant vector selector or range vector selector or a subquery');
    }
  }

  at(n: SyntaxNode): Expr {
    return this.postfix(this.expr(this.exprs(n)[0]!), (inner) => this.withAt(n, inner));
  }

  withAt(n: SyntaxNode, inner: Expr): Expr {
    const pre = n.getChild('AtModifierPreprocessors');
    let at: AtModifier;
    if (pre) at = { kind: pre.firstChild?.name === 'AtEnd' ? 'end' : 'start' };
    else {
      const num = n.getChild('NumberDurationLiteral');
      if (!num) return this.fail(n, 'missing timestamp after @');
      const v = this.number(num);
      if (!Number.isFinite(v)) this.fail(num, `timestamp out of bounds for @ modifier: ${v}`);
      at = { kind: 'time', ms: Math.round(v * 1000) };
    }
    switch (inner.kind) {
      case 'vector_selector':
        if (inner.at) this.fail(n, '@ <timestamp> may not be set multiple times');
        return { ...inner, at };
      case 'matrix_selector':
        if (inner.selector.at) this.fail(n, '@ <timestamp> may not be set multiple times');
        return { ...inner, selector: { ...inner.selector, at } };
      case 'subquery':
        if (inner.at) this.fail(n, '@ <timestamp> may not be set multiple times');
        return { ...inner, at };
      default:
        return this.fail(n, '@ modifier must be preceded by an instant vector selector or range vector selector or a subquery');
    }
  }

  unary(n: SyntaxNode): Expr {
    const op = this.src(n.getChild('UnaryOp')!) === '-' ? '-' : '+';
    const inner = this.expr(this.exprs(n)[0]!);
    if (inner.kind === 'number') return { kind: 'number', value: op === '-' ? -inner.value : inner.value };
    return { kind: 'unary', op, expr: inner };
  }

  call(n: SyntaxNode): Expr {
    const id = n.getChild('FunctionIdentifier')!;
    const fn = this.compat?.renamed.get(id.from) ?? this.src(id);
    const body = n.getChild('FunctionCallBody')!;
    return { kind: 'call', func: fn, args: this.exprs(body).map((a) => this.expr(a)) };
  }

  grouping(n: SyntaxNode | null): string[] {
    if (!n) return [];
    return this.children(n).filter((c) => c.name === 'LabelName' || c.name === 'QuotedLabelName')
      .map((c) => (c.name === 'LabelName' ? this.src(c) : this.string(c.firstChild!)));
  }

  aggregate(n: SyntaxNode): Expr {
    const op = this.src(n.getChild('AggregateOp')!).toLowerCase() as AggregateOp;
    if (op === ('limitk' as string) || op === ('limit_ratio' as string)) this.fail(n, `unknown aggregation ${op}`);
    const mod = n.getChild('AggregateModifier');
    const args = this.exprs(n.getChild('FunctionCallBody')!).map((a) => this.expr(a));
    const withParam = op === 'topk' || op === 'bottomk' || op === 'quantile' || op === 'count_values';
    if (args.length !== (withParam ? 2 : 1)) this.fail(n, `wrong number of arguments for aggregate expression provided, expected ${withParam ? 2 : 1}, got ${args.length}`);
    return {
      kind: 'aggregate', op,
      param: withParam ? args[0] : undefined,
      expr: args[withParam ? 1 : 0]!,
      grouping: mod ? this.grouping(mod.getChild('GroupingLabels')) : [],
      without: !!mod?.getChild('Without'),
    };
  }

  binary(n: SyntaxNode): Expr {
    const [l, r] = this.exprs(n);
    const opNode = this.children(n).find((c) => c.name in BINARY_OPS);
    if (!l || !r || !opNode) return this.fail(n, 'unexpected binary expression');
    if (n.getChild('FillModifier')) this.fail(n, 'fill modifiers are not supported');
    const op = BINARY_OPS[opNode.name]!;
    const clause = n.getChild('MatchingModifierClause');
    let matching: VectorMatching | undefined;
    if (clause) {
      const groups = clause.getChildren('GroupingLabels');
      const left = !!clause.getChild('GroupLeft');
      const right = !!clause.getChild('GroupRight');
      matching = {
        card: left ? 'many-to-one' : right ? 'one-to-many' : 'one-to-one',
        on: !!clause.getChild('On'),
        labels: this.grouping(groups[0] ?? null),
        include: this.grouping(groups[1] ?? null),
        explicit: true,
      };
    }
    return { kind: 'binary', op, lhs: this.expr(l), rhs: this.expr(r), returnBool: !!n.getChild('BoolModifier'), matching };
  }
}

export function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

function firstError(tree: Tree): number | undefined {
  let at: number | undefined;
  tree.iterate({
    enter: (n) => {
      if (at !== undefined) return false;
      if (n.type.isError) {
        at = n.from;
        return false;
      }
      return undefined;
    },
  });
  return at;
}

/** Describes what the parser stopped at, in the words Prometheus uses. */
function describeError(text: string, at: number): string {
  const rest = text.slice(at).trimStart();
  const opens = (text.match(/\(/g) ?? []).length - (text.match(/\)/g) ?? []).length;
  if (rest === '') return opens > 0 ? 'unclosed left parenthesis' : 'unexpected end of input';
  const braces = (text.match(/\{/g) ?? []).length - (text.match(/\}/g) ?? []).length;
  if (braces > 0 && !rest.includes('}')) return 'unexpected end of input inside braces';
  if (rest.startsWith(')') && opens < 0) return 'unexpected right parenthesis \')\'';
  const tok = /^(\w+|"[^"]*"?|'[^']*'?|\S)/.exec(rest)?.[0] ?? rest[0]!;
  const id = /^([a-zA-Z_:][\w:]*)\s*\(/.exec(rest);
  if (id) return `unknown function with name ${JSON.stringify(id[1])}`;
  return `unexpected ${JSON.stringify(tok)}`;
}

/** Parses PromQL text to an AST; throws PromqlSyntaxError with line:column. */
export function toAst(source: string): Expr {
  if (source.trim() === '') throw new PromqlSyntaxError(undefined, 'no expression found in input');
  const compat = compatText(source);
  const text = compat.text;
  const tree = parser.parse(text);
  const err = firstError(tree);
  if (err !== undefined) syntaxError(text, err, (at) => position(source, compat.original(at)));
  const top = tree.topNode.firstChild;
  if (!top) throw new PromqlSyntaxError(undefined, 'no expression found in input');
  return new Builder(text, text === source ? undefined : { ...compat, source }).expr(top);
}

/** The error at `err` of text that does not parse; `where` places it in the text as written. */
function syntaxError(text: string, err: number, where: (at: number) => { line: number; column: number }): never {
  // Lezer recovers inside an unknown function call; name the function the way Prometheus does.
  const fn = /([a-zA-Z_:][\w:]*)\s*\($/.exec(text.slice(0, err).trimEnd());
  const msg = fn && !/^(sum|avg|min|max|count|by|without|on|ignoring|group_left|group_right|bool)$/.test(fn[1]!) && err === text.slice(0, err).trimEnd().length
    ? `unknown function with name ${JSON.stringify(fn[1])}`
    : describeError(text, err);
  throw new PromqlSyntaxError(where(err), msg);
}
