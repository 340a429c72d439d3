import type { Span } from './diagnostics.js';
import type { BinaryOp } from './precedence.js';
import type { VrlValue } from './value.js';

/** One step of a path: a field name or an array index (negative counts from the end). */
export type PathSegment = { readonly field: string } | { readonly index: number };

/** VRL's expression nodes: readonly, tagged by `kind`. */
export type Expr =
  | LiteralExpr
  | ArrayExpr
  | ObjectExpr
  | BlockExpr
  | QueryExpr
  | VariableExpr
  | UnaryExpr
  | BinaryExpr
  | AssignExpr
  | IfExpr
  | CallExpr
  | AbortExpr
  | ReturnExpr;

export type ExprKind = Expr['kind'];

interface Node {
  readonly span: Span;
}

export interface LiteralExpr extends Node {
  readonly kind: 'literal';
  readonly value: VrlValue;
}
export interface ArrayExpr extends Node {
  readonly kind: 'array';
  readonly items: readonly Expr[];
}
export interface ObjectExpr extends Node {
  readonly kind: 'object';
  readonly entries: readonly (readonly [string, Expr])[];
}
export interface BlockExpr extends Node {
  readonly kind: 'block';
  readonly body: readonly Expr[];
}
/**
 * A path query: into the event (`.a.b[0]`), into a variable (`foo.bar`), or into any expression's
 * value (`parse_json!(.m).a`).
 */
export interface QueryExpr extends Node {
  readonly kind: 'query';
  readonly target: { readonly type: 'event' } | { readonly type: 'variable'; readonly name: string } | { readonly type: 'expr'; readonly expr: Expr };
  readonly path: readonly PathSegment[];
}
export interface VariableExpr extends Node {
  readonly kind: 'variable';
  readonly name: string;
}
export interface UnaryExpr extends Node {
  readonly kind: 'unary';
  readonly op: '!' | '-';
  readonly operand: Expr;
}
export interface BinaryExpr extends Node {
  readonly kind: 'binary';
  readonly op: BinaryOp;
  readonly left: Expr;
  readonly right: Expr;
  /** Written inside parentheses (`(a < b) == c` is not a chained comparison). */
  readonly grouped?: boolean;
}
/** Where an assignment writes: an event path, a variable (with an optional path into it), or `_`-less discard. */
export type AssignTarget =
  | { readonly type: 'event'; readonly path: readonly PathSegment[]; readonly span: Span }
  | { readonly type: 'variable'; readonly name: string; readonly path: readonly PathSegment[]; readonly span: Span };

export interface AssignExpr extends Node {
  readonly kind: 'assign';
  readonly op: '=' | '|=';
  readonly target: AssignTarget;
  /** `ok, err = value`: where the error message (or null) goes. */
  readonly errTarget?: AssignTarget;
  readonly value: Expr;
}
export interface IfExpr extends Node {
  readonly kind: 'if';
  readonly condition: Expr;
  readonly then: BlockExpr;
  readonly else?: BlockExpr | IfExpr;
}
export interface CallArg {
  readonly name?: string;
  readonly value: Expr;
  readonly span: Span;
}
export interface CallExpr extends Node {
  readonly kind: 'call';
  readonly name: string;
  /** `name!(...)`: abort the program when the call fails. */
  readonly abortOnError: boolean;
  readonly args: readonly CallArg[];
  readonly closure?: { readonly params: readonly string[]; readonly body: BlockExpr; readonly span: Span };
}
export interface AbortExpr extends Node {
  readonly kind: 'abort';
  readonly message?: Expr;
}
export interface ReturnExpr extends Node {
  readonly kind: 'return';
  readonly value: Expr;
}

/** A parsed program: its top-level expressions in order. */
export interface ProgramAst {
  readonly body: readonly Expr[];
}

/** A visitor over every node kind: a new kind without a handler is a type error. */
export type ExprVisitor<R> = { readonly [K in ExprKind]: (node: Extract<Expr, { kind: K }>) => R };

export function visitExpr<R>(node: Expr, visitor: ExprVisitor<R>): R {
  return (visitor[node.kind] as (n: Expr) => R)(node);
}
