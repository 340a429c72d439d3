import type { ColumnType } from '@sluice/pipeline-core';
import type { OrderKey, Query } from './query.js';
import type { CastTarget, SqlType, SqlValue } from '../types/sql-value.js';

/** Where a node starts in the SQL text (1-based). */
export interface Pos {
  readonly line: number;
  readonly column: number;
}

export type LiteralValue = null | boolean | number | bigint | string;

export interface LiteralExpr { readonly kind: 'literal'; readonly value: LiteralValue; readonly text?: string }
/** `INTERVAL '1 month 5 minutes'`: calendar months and exact nanoseconds. */
export interface IntervalExpr {
  readonly kind: 'interval';
  readonly ns: bigint;
  readonly months?: number;
  readonly text: string;
  /** Written as a text cast (`'1 day'::INTERVAL`): named after the text, as GreptimeDB does. */
  readonly fromText?: true;
}
/** `TIMESTAMP '2026-03-01 00:00:00'`. */
export interface TimestampLiteralExpr { readonly kind: 'timestamp_literal'; readonly text: string; readonly pos: Pos }
export interface ColumnExpr {
  readonly kind: 'column';
  readonly table?: string;
  readonly name: string;
  readonly pos: Pos;
  /** Every dotted part as written when there are more than two (`j.a.b`: a JSON path, planner/json-path-access.ts). */
  readonly parts?: readonly string[];
  /** Written as `"name"`: in INSERT ... VALUES, where no column is in scope, MySQL and GreptimeDB read it as a string. */
  readonly doubleQuoted?: true;
}
export interface StarExpr { readonly kind: 'star'; readonly table?: string }
export type UnaryOp = '-' | 'not';
export interface UnaryExpr { readonly kind: 'unary'; readonly op: UnaryOp; readonly operand: Expr }
export type BinaryOp =
  | 'and' | 'or'
  | '=' | '!=' | '<' | '<=' | '>' | '>='
  | '+' | '-' | '*' | '/' | '%' | '||'
  | '~' | '~*' | '!~' | '!~*' | '@@';
export interface BinaryExpr { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr }
export interface BetweenExpr { readonly kind: 'between'; readonly operand: Expr; readonly low: Expr; readonly high: Expr; readonly negated: boolean }
export interface InListExpr { readonly kind: 'in_list'; readonly operand: Expr; readonly list: readonly Expr[]; readonly negated: boolean }
export interface LikeExpr { readonly kind: 'like'; readonly operand: Expr; readonly pattern: Expr; readonly caseInsensitive: boolean; readonly negated: boolean }
export interface IsNullExpr { readonly kind: 'is_null'; readonly operand: Expr; readonly negated: boolean }
export interface FunctionExpr {
  readonly kind: 'function';
  readonly name: string;
  readonly args: readonly Expr[];
  readonly distinct: boolean;
  readonly pos: Pos;
  /** A window function call: `f(...) OVER (PARTITION BY ... ORDER BY ...)`. */
  readonly over?: WindowSpec;
  /** `array_agg(x ORDER BY y)`: the order an aggregate receives its input in. */
  readonly orderBy?: readonly OrderKey[];
  /** `f(p) WITHIN GROUP (ORDER BY x)` as written (`args` holds the rewritten call `f(x, p)`), for naming. */
  readonly withinGroup?: { readonly args: readonly Expr[]; readonly key: OrderKey };
  /** `min(val) RANGE '10s' FILL PREV`: an aggregate computed per time window of a range query (SELECT ... ALIGN). */
  readonly range?: RangeSpec;
}
/** A range query's duration as written: a Prometheus duration text (`'10s'`, `1h30m`) or a parenthesized interval expression. */
export type RangeDuration = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'expr'; readonly expr: Expr };
/** How a range query fills empty windows: NULL, the previous value, linear interpolation, or a constant (its text as written). */
export type RangeFill = { readonly kind: 'null' | 'prev' | 'linear' } | { readonly kind: 'const'; readonly text: string };
export interface RangeSpec {
  readonly duration: RangeDuration;
  /** The call's own FILL, else the ALIGN clause's (applied in to-ast); absent: windows without rows are left out. */
  readonly fill?: RangeFill;
}
export interface WindowSpec {
  readonly partitionBy: readonly Expr[];
  readonly orderBy: readonly OrderKey[];
  /** `ROWS|RANGE BETWEEN start AND end`; absent: RANGE UNBOUNDED PRECEDING to the current row's last peer. */
  readonly frame?: WindowFrame;
}
/** A frame bound: `offset` rows (ROWS) or ORDER BY distance (RANGE) before (negative) or after the row. */
export type FrameBound =
  | { readonly kind: 'unbounded_preceding' } | { readonly kind: 'unbounded_following' } | { readonly kind: 'current_row' }
  | { readonly kind: 'offset'; readonly offset: number };
export interface WindowFrame { readonly units: 'rows' | 'range'; readonly start: FrameBound; readonly end: FrameBound }
export interface CaseExpr {
  readonly kind: 'case';
  readonly operand?: Expr;
  readonly whens: readonly { readonly when: Expr; readonly then: Expr }[];
  readonly otherwise?: Expr;
}
/** `CAST(x AS t)` / `x::t`; `TRY_CAST(x AS t)` (`try`) gives NULL where the cast fails. */
export interface CastExpr { readonly kind: 'cast'; readonly operand: Expr; readonly type: CastTarget; readonly typeText: string; readonly try?: true }
export interface InSubqueryExpr { readonly kind: 'in_subquery'; readonly operand: Expr; readonly query: Query; readonly negated: boolean; readonly pos: Pos }
/** A value computed during planning (the result of an uncorrelated subquery), with its type. */
export interface ValueExpr { readonly kind: 'value'; readonly value: SqlValue; readonly type: SqlType }
/** A scalar subquery, or `EXISTS (subquery)` (a Boolean) when `exists` is set. */
export interface SubqueryExpr { readonly kind: 'subquery'; readonly query: Query; readonly pos: Pos; readonly exists?: true }

/** Every expression node; visitors dispatch through `Record<Expr['kind'], fn>`. */
export type Expr =
  | LiteralExpr | IntervalExpr | TimestampLiteralExpr | ColumnExpr | StarExpr | UnaryExpr | BinaryExpr
  | BetweenExpr | InListExpr | LikeExpr | IsNullExpr | FunctionExpr | CaseExpr | CastExpr | SubqueryExpr
  | InSubqueryExpr | ValueExpr;

export type ExprKind = Expr['kind'];
