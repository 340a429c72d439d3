import type { CstNode, IToken, CstElement } from 'chevrotain';
import type { AssignTarget, BlockExpr, CallArg, Expr, IfExpr, PathSegment, ProgramAst } from './ast.js';
import { VrlSyntaxError, type Span } from './diagnostics.js';
import { lex } from './lexer.js';
import { LiteralError, decodeFloat, decodeInteger, decodeRawString, decodeRegex, decodeString, decodeTimestamp } from './literals.js';
import { vrlParser } from './parser.js';
import { PRECEDENCE, type BinaryOp } from './precedence.js';
import * as T from './tokens.js';
import type { VrlValue } from './value.js';

/** Parses VRL source into its AST (throws VrlSyntaxError with line, column and snippet). */
export function parseVrl(source: string): ProgramAst {
  const tokens = lex(source);
  const parser = vrlParser();
  parser.input = tokens;
  const cst = parser.program();
  if (parser.errors.length > 0) {
    const err = parser.errors[0]!;
    const tok = err.token;
    const atEnd = tok.tokenType.name === 'EOF' || Number.isNaN(tok.startOffset);
    const span = atEnd ? endSpan(source) : tokenSpan(tok);
    const found = atEnd ? 'end of program' : tok.tokenType === T.Newline ? 'end of line' : `'${tok.image}'`;
    const wanted = /Expecting token of type --> (\w+) <--/.exec(err.message)?.[1];
    const hint = wanted === undefined ? '' : `, expected ${EXPECTED[wanted] ?? wanted}`;
    throw new VrlSyntaxError('E203', `syntax error: unexpected ${found}${hint}`, source, span);
  }
  return new AstBuilder(source).program(cst);
}

function endSpan(source: string): Span {
  const lines = source.split('\n');
  return { start: source.length, end: source.length + 1, line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

function tokenSpan(tok: IToken): Span {
  return { start: tok.startOffset, end: (tok.endOffset ?? tok.startOffset) + 1, line: tok.startLine ?? 1, column: tok.startColumn ?? 1 };
}

function nodeSpan(node: CstNode): Span {
  const l = node.location!;
  return { start: l.startOffset, end: (l.endOffset ?? l.startOffset) + 1, line: l.startLine ?? 1, column: l.startColumn ?? 1 };
}

const nodes = (n: CstNode, key: string): CstNode[] => (n.children[key] ?? []) as CstNode[];
const tokens = (n: CstNode, key: string): IToken[] => (n.children[key] ?? []) as IToken[];
const node = (n: CstNode, key: string): CstNode => nodes(n, key)[0]!;
const isToken = (e: CstElement): e is IToken => 'image' in e;

/** How a missing token is named in a syntax error. */
const EXPECTED: Record<string, string> = {
  RParen: "')'",
  RBracket: "']'",
  RCurly: "'}'",
  LCurly: "'{' (a block)",
  LParen: "'('",
  Colon: "':'",
  Pipe: "'|'",
  Identifier: 'a name',
  EOF: 'the end of the program or a new line',
};

const startOf = (e: CstElement): number => ('image' in e ? e.startOffset : e.location!.startOffset);

const OPS = new Set<string>(PRECEDENCE.flatMap((l) => l.ops));

class AstBuilder {
  constructor(private readonly source: string) {}

  private fail(code: string, message: string, span: Span): never {
    throw new VrlSyntaxError(code, message, this.source, span);
  }

  program(cst: CstNode): ProgramAst {
    return { body: this.statements(node(cst, 'statements')) };
  }

  private statements(n: CstNode): Expr[] {
    return nodes(n, 'statement').map((s) => this.statement(s));
  }

  private statement(n: CstNode): Expr {
    const target = this.expression(node(n, 'target'));
    const op = tokens(n, 'op')[0];
    if (op === undefined) return target;
    const errNode = nodes(n, 'errTarget')[0];
    return {
      kind: 'assign',
      op: op.image === '|=' ? '|=' : '=',
      target: this.assignTarget(target),
      ...(errNode === undefined ? {} : { errTarget: this.assignTarget(this.expression(errNode)) }),
      value: this.statement(node(n, 'value')),
      span: nodeSpan(n),
    };
  }

  private assignTarget(e: Expr): AssignTarget {
    if (e.kind === 'variable') return { type: 'variable', name: e.name, path: [], span: e.span };
    if (e.kind === 'query' && e.target.type === 'event') return { type: 'event', path: e.path, span: e.span };
    if (e.kind === 'query' && e.target.type === 'variable') return { type: 'variable', name: e.target.name, path: e.path, span: e.span };
    return this.fail('E203', 'invalid assignment target: expected a path such as .field or a variable', e.span);
  }

  private expression(n: CstNode): Expr {
    return this.level(node(n, `${PRECEDENCE[0]!.name}Expr`), 0);
  }

  private level(n: CstNode, i: number): Expr {
    const operands = nodes(n, 'operands');
    const operators = tokens(n, 'operators');
    const sub = (c: CstNode): Expr => (i === PRECEDENCE.length - 1 ? this.unary(c) : this.level(c, i + 1));
    let left = sub(operands[0]!);
    for (let k = 0; k < operators.length; k++) {
      const right = sub(operands[k + 1]!);
      const image = operators[k]!.image;
      if (!OPS.has(image)) this.fail('E203', `unknown operator '${image}'`, tokenSpan(operators[k]!));
      left = { kind: 'binary', op: image as BinaryOp, left, right, span: joinSpans(left.span, right.span) };
    }
    return left;
  }

  private unary(n: CstNode): Expr {
    const op = tokens(n, 'op')[0];
    if (op === undefined) return this.postfix(node(n, 'postfix'));
    const operand = this.unary(node(n, 'operand'));
    // `-5` is a literal, as in VRL.
    if (op.image === '-' && operand.kind === 'literal' && (typeof operand.value === 'number' || typeof operand.value === 'bigint')) {
      return { kind: 'literal', value: -operand.value, span: nodeSpan(n) };
    }
    return { kind: 'unary', op: op.image === '!' ? '!' : '-', operand, span: nodeSpan(n) };
  }

  private postfix(n: CstNode): Expr {
    const primary = node(n, 'primary');
    const base = this.primary(primary);
    const segs = (n.children['segments'] ?? []) as CstElement[];
    if (segs.length === 0) return base;
    // A path is written without spaces (`.a.b[0]`); `.a .b` is two expressions, as in VRL.
    const ordered = [...segs].sort((a, b) => startOf(a) - startOf(b));
    let end = primary.location!.endOffset!;
    for (const seg of ordered) {
      if (startOf(seg) !== end + 1) this.fail('E203', 'syntax error: unexpected space inside a path', isToken(seg) ? tokenSpan(seg) : nodeSpan(seg));
      end = isToken(seg) ? seg.endOffset! : seg.location!.endOffset!;
    }
    const path = segs.map((s) => this.segment(s));
    const span = nodeSpan(n);
    if (base.kind === 'query' && base.target.type !== 'expr') return { ...base, path: [...base.path, ...path], span };
    if (base.kind === 'variable') return { kind: 'query', target: { type: 'variable', name: base.name }, path, span };
    return { kind: 'query', target: { type: 'expr', expr: base }, path, span };
  }

  private segment(s: CstElement): PathSegment {
    if (isToken(s)) return { field: this.fieldName(s) };
    const e = this.expression(node(s, 'expression'));
    if (e.kind === 'literal' && (typeof e.value === 'number' || typeof e.value === 'bigint') && Number.isInteger(Number(e.value))) {
      return { index: Number(e.value) };
    }
    if (e.kind === 'literal' && typeof e.value === 'string') return { field: e.value };
    return this.fail('E203', 'a path index must be an integer literal, such as [0] or [-1]', e.span);
  }

  private fieldName(tok: IToken): string {
    if (tok.tokenType === T.PathQuoted) return this.literal(() => decodeString(tok.image.slice(1)), tok);
    return tok.image.slice(1);
  }

  private literal<V>(decode: () => V, tok: IToken): V {
    try {
      return decode();
    } catch (e) {
      if (e instanceof LiteralError) this.fail(e.vrlCode, e.message, tokenSpan(tok));
      throw e;
    }
  }

  private primary(n: CstNode): Expr {
    const span = nodeSpan(n);
    const lit = tokens(n, 'literal')[0];
    if (lit !== undefined) return { kind: 'literal', value: this.literalValue(lit), span };
    const variable = tokens(n, 'variable')[0];
    if (variable !== undefined) return { kind: 'variable', name: variable.image, span };
    const path = tokens(n, 'path')[0];
    if (path !== undefined) return { kind: 'query', target: { type: 'event' }, path: [{ field: this.fieldName(path) }], span };
    if (tokens(n, 'root').length > 0) return { kind: 'query', target: { type: 'event' }, path: [], span };
    const [key, child] = Object.entries(n.children).find(([k]) => k !== 'literal')!;
    const c = child[0] as CstNode;
    switch (key) {
      case 'array':
        return { kind: 'array', items: nodes(c, 'items').map((i) => this.expression(i)), span };
      case 'curly':
        return this.curly(c);
      case 'group': {
        const body = this.statements(node(c, 'statements'));
        if (body.length !== 1) return body.length === 0 ? this.fail('E203', 'syntax error: empty parentheses', span) : { kind: 'block', body, span };
        const inner = body[0]!;
        return inner.kind === 'binary' ? { ...inner, grouped: true } : inner;
      }
      case 'ifExpr':
        return this.ifExpr(c);
      case 'abortExpr': {
        const m = nodes(c, 'message')[0];
        return { kind: 'abort', ...(m === undefined ? {} : { message: this.expression(m) }), span };
      }
      case 'returnExpr':
        return { kind: 'return', value: this.expression(node(c, 'value')), span };
      case 'call':
        return this.call(c);
      default:
        return this.fail('E203', `unexpected '${key}'`, span);
    }
  }

  private literalValue(tok: IToken): VrlValue {
    switch (tok.tokenType) {
      case T.StringLiteral:
        return this.literal(() => decodeString(tok.image), tok);
      case T.RawString:
        return decodeRawString(tok.image);
      case T.RegexLiteral:
        return this.literal(() => decodeRegex(tok.image), tok);
      case T.TimestampLiteral:
        return this.literal(() => decodeTimestamp(tok.image), tok);
      case T.FloatLiteral:
        return decodeFloat(tok.image);
      case T.IntegerLiteral:
        return this.literal(() => decodeInteger(tok.image), tok);
      case T.True:
        return true;
      case T.False:
        return false;
      default:
        return null;
    }
  }

  private curly(n: CstNode): Expr {
    const block = nodes(n, 'block')[0];
    if (block !== undefined) return this.block(block);
    const entries = nodes(n, 'entries').map((e): [string, Expr] => {
      const k = tokens(e, 'key')[0]!;
      const key = k.tokenType === T.StringLiteral ? this.literal(() => decodeString(k.image), k) : k.tokenType === T.RawString ? decodeRawString(k.image) : k.image;
      return [key, this.expression(node(e, 'value'))];
    });
    return { kind: 'object', entries, span: nodeSpan(n) };
  }

  private block(n: CstNode): BlockExpr {
    return { kind: 'block', body: this.statements(node(n, 'statements')), span: nodeSpan(n) };
  }

  private ifExpr(n: CstNode): IfExpr {
    const elseIf = nodes(n, 'elseIf')[0];
    const elseBlock = nodes(n, 'else')[0];
    const alt = elseIf !== undefined ? this.ifExpr(elseIf) : elseBlock !== undefined ? this.block(elseBlock) : undefined;
    return {
      kind: 'if',
      condition: this.expression(node(n, 'condition')),
      then: this.block(node(n, 'then')),
      ...(alt === undefined ? {} : { else: alt }),
      span: nodeSpan(n),
    };
  }

  private call(n: CstNode): Expr {
    const args = nodes(n, 'args').map((a): CallArg => {
      const name = tokens(a, 'name')[0];
      return { ...(name === undefined ? {} : { name: name.image }), value: this.expression(node(a, 'value')), span: nodeSpan(a) };
    });
    const closureNode = nodes(n, 'closure')[0];
    const closure =
      closureNode === undefined
        ? undefined
        : { params: tokens(closureNode, 'params').map((t) => t.image), body: this.block(node(closureNode, 'body')), span: nodeSpan(closureNode) };
    return {
      kind: 'call',
      name: tokens(n, 'name')[0]!.image,
      abortOnError: tokens(n, 'bang').length > 0,
      args,
      ...(closure === undefined ? {} : { closure }),
      span: nodeSpan(n),
    };
  }
}

function joinSpans(a: Span, b: Span): Span {
  return { start: a.start, end: b.end, line: a.line, column: a.column };
}
