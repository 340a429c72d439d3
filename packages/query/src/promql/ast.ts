/** PromQL AST: readonly nodes discriminated by `kind`; produced by to-ast.ts, consumed by check.ts, format.ts and eval/. */

export type ValueType = 'scalar' | 'vector' | 'matrix' | 'string';

export type MatchOp = '=' | '!=' | '=~' | '!~';

export interface LabelMatcher {
  readonly name: string;
  readonly op: MatchOp;
  readonly value: string;
}

/** `@ <time>` (milliseconds), `@ start()` or `@ end()`. */
export type AtModifier = { readonly kind: 'time'; readonly ms: number } | { readonly kind: 'start' } | { readonly kind: 'end' };

export interface NumberLiteral {
  readonly kind: 'number';
  readonly value: number;
}

export interface StringLiteral {
  readonly kind: 'string';
  readonly value: string;
}

export interface VectorSelector {
  readonly kind: 'vector_selector';
  /** The metric name when written before the braces (also present as a `__name__` matcher). */
  readonly name: string | undefined;
  readonly matchers: readonly LabelMatcher[];
  readonly offsetMs: number;
  readonly at: AtModifier | undefined;
}

export interface MatrixSelector {
  readonly kind: 'matrix_selector';
  readonly selector: VectorSelector;
  readonly rangeMs: number;
}

export interface Subquery {
  readonly kind: 'subquery';
  readonly expr: Expr;
  readonly rangeMs: number;
  /** 0 when omitted (the query's step, or the default evaluation interval). */
  readonly stepMs: number;
  readonly offsetMs: number;
  readonly at: AtModifier | undefined;
}

export interface Call {
  readonly kind: 'call';
  readonly func: string;
  readonly args: readonly Expr[];
}

export type AggregateOp =
  | 'sum' | 'avg' | 'min' | 'max' | 'count' | 'group' | 'stddev' | 'stdvar'
  | 'topk' | 'bottomk' | 'quantile' | 'count_values';

export interface Aggregate {
  readonly kind: 'aggregate';
  readonly op: AggregateOp;
  readonly expr: Expr;
  readonly param: Expr | undefined;
  readonly grouping: readonly string[];
  readonly without: boolean;
}

export type BinaryOp =
  | '+' | '-' | '*' | '/' | '%' | '^' | 'atan2'
  | '==' | '!=' | '>' | '<' | '>=' | '<='
  | 'and' | 'or' | 'unless';

export type Cardinality = 'one-to-one' | 'many-to-one' | 'one-to-many' | 'many-to-many';

export interface VectorMatching {
  readonly card: Cardinality;
  /** `on(...)` when true, `ignoring(...)` when false (with an empty list: no clause written). */
  readonly on: boolean;
  readonly labels: readonly string[];
  /** Labels named in `group_left(...)` / `group_right(...)`. */
  readonly include: readonly string[];
  /** Whether a matching clause was written (for printing). */
  readonly explicit: boolean;
}

export interface Binary {
  readonly kind: 'binary';
  readonly op: BinaryOp;
  readonly lhs: Expr;
  readonly rhs: Expr;
  readonly returnBool: boolean;
  /** Present when both sides are vectors. */
  readonly matching: VectorMatching | undefined;
}

export interface Unary {
  readonly kind: 'unary';
  readonly op: '-' | '+';
  readonly expr: Expr;
}

export interface Paren {
  readonly kind: 'paren';
  readonly expr: Expr;
}

export type Expr =
  | NumberLiteral | StringLiteral | VectorSelector | MatrixSelector | Subquery
  | Call | Aggregate | Binary | Unary | Paren;

export type ExprKind = Expr['kind'];

export const COMPARISON_OPS: ReadonlySet<BinaryOp> = new Set(['==', '!=', '>', '<', '>=', '<=']);
export const SET_OPS: ReadonlySet<BinaryOp> = new Set(['and', 'or', 'unless']);
