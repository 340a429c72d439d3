import { describe, expect, it } from 'vitest';
import type { Expr } from './ast.js';
import { VrlSyntaxError } from './diagnostics.js';
import { parseVrl } from './to-ast.js';

/** The AST without spans, as an S-expression-like string. */
function show(e: Expr): string {
  switch (e.kind) {
    case 'literal':
      return JSON.stringify(typeof e.value === 'bigint' ? String(e.value) : e.value);
    case 'binary':
      return `(${e.op} ${show(e.left)} ${show(e.right)})`;
    case 'unary':
      return `(${e.op} ${show(e.operand)})`;
    case 'query':
      return `${e.target.type === 'event' ? '' : e.target.type === 'variable' ? e.target.name : show(e.target.expr)}${e.path.map((s) => ('field' in s ? `.${s.field}` : `[${s.index}]`)).join('') || '.'}`;
    case 'variable':
      return e.name;
    case 'assign':
      return `(${e.op}${e.errTarget ? ' +err' : ''} ${e.target.type === 'event' ? '.' : e.target.name}${e.target.path.map((s) => ('field' in s ? s.field : s.index)).join('.')} ${show(e.value)})`;
    case 'call':
      return `${e.name}${e.abortOnError ? '!' : ''}(${e.args.map((a) => (a.name ? `${a.name}: ` : '') + show(a.value)).join(', ')})${e.closure ? ` -> |${e.closure.params.join(', ')}| ${e.closure.body.body.map(show).join('; ')}` : ''}`;
    case 'if':
      return `(if ${show(e.condition)} ${show(e.then)}${e.else ? ' ' + show(e.else) : ''})`;
    case 'block':
      return `{${e.body.map(show).join('; ')}}`;
    case 'array':
      return `[${e.items.map(show).join(', ')}]`;
    case 'object':
      return `{${e.entries.map(([k, v]) => `${k}: ${show(v)}`).join(', ')}}`;
    case 'abort':
      return e.message ? `(abort ${show(e.message)})` : '(abort)';
    case 'return':
      return `(return ${show(e.value)})`;
  }
}
const parse = (src: string) => parseVrl(src).body.map(show);

describe('parseVrl', () => {
  it("follows VRL's precedence: ! > * / % > + - > | > comparisons > == != > && || > ??", () => {
    expect(parse('1 + 2 * 3 - 4')).toEqual(['(- (+ 1 (* 2 3)) 4)']);
    expect(parse('a || b == c < d | e + f')).toEqual(['(|| a (== b (< c (| d (+ e f)))))']);
    expect(parse('a || b && c')).toEqual(['(&& (|| a b) c)']);
    expect(parse('a && b || c')).toEqual(['(|| (&& a b) c)']);
    expect(parse('x ?? y || z')).toEqual(['(?? x (|| y z))']);
    expect(parse('x | y ?? z')).toEqual(['(?? (| x y) z)']);
    expect(parse('!a == b')).toEqual(['(== (! a) b)']);
    expect(parse('-x * 2')).toEqual(['(* (- x) 2)']);
  });

  it('parses paths into events, variables and expression results', () => {
    expect(parse('.a.b[0]."c d"[-1]')).toEqual(['.a.b[0].c d[-1]']);
    expect(parse('v.x[2]')).toEqual(['v.x[2]']);
    expect(parse('parse_json!(.m).a')).toEqual(['parse_json!(.m).a']);
    expect(parse('.')).toEqual(['.']);
  });

  it('parses assignments: plain, merge, ok/err, chained, with if as value', () => {
    expect(parse('.a.b = 1')).toEqual(['(= .a.b 1)']);
    expect(parse('. |= {"x": 1}')).toEqual(['(|= . {x: 1})']);
    expect(parse('ok, err = f(1)')).toEqual(['(= +err ok f(1))']);
    expect(parse('a = b = 2')).toEqual(['(= a (= b 2))']);
    expect(parse('x = if c { 1 } else { 2 }')).toEqual(['(= x (if c {1} {2}))']);
  });

  it('parses calls with named arguments, abort and closures', () => {
    expect(parse('f!(1, name: "x", null: true)')).toEqual(['f!(1, name: "x", null: true)']);
    expect(parse('for_each(.o) -> |k, v| { .n = k }')).toEqual(['for_each(.o) -> |k, v| (= .n k)']);
  });

  it('tells object literals from blocks', () => {
    expect(parse('{}')).toEqual(['{}']);
    expect(parse('{"a": 1, b: 2,}')).toEqual(['{a: 1, b: 2}']);
    expect(parse('{ .a = 1\n .b }')).toEqual(['{(= .a 1); .b}']);
  });

  it('parses if / else if / else, abort and return', () => {
    expect(parse('if a { 1 } else if b { 2 } else { abort "no" }')).toEqual(['(if a {1} (if b {2} {(abort "no")}))']);
    expect(parse('return .')).toEqual(['(return .)']);
  });

  it('reports syntax errors with line, column and a snippet', () => {
    try {
      parseVrl('.a = 1\n.b = (2 + \n');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(VrlSyntaxError);
      const err = e as VrlSyntaxError;
      expect(err.vrlCode).toBe('E203');
      expect(err.message).toContain('unexpected end of program');
    }
    expect(() => parseVrl('.a = (1 + 2\n')).toThrow("unexpected end of program, expected ')'");
    expect(() => parseVrl('5 = 1')).toThrow('invalid assignment target');
    expect(() => parseVrl('.a[.i]')).toThrow('path index must be an integer literal');
  });
});
