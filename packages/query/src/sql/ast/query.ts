import type { Expr, Pos, RangeDuration, RangeFill } from './expr.js';

export interface SelectItemExpr { readonly kind: 'expr'; readonly expr: Expr; readonly alias?: string }
export interface SelectItemStar { readonly kind: 'star'; readonly table?: string }
export type SelectItem = SelectItemExpr | SelectItemStar;

/** `columns`: a derived column list, `t AS x(a, b)`, renaming the source's columns in order. */
export interface TableSource { readonly kind: 'table'; readonly db?: string; readonly name: string; readonly alias?: string; readonly columns?: readonly string[]; readonly pos: Pos }
export interface SubquerySource { readonly kind: 'subquery'; readonly query: Query; readonly alias?: string; readonly columns?: readonly string[] }
export interface JoinSource {
  readonly kind: 'join';
  readonly joinType: 'inner' | 'left' | 'right' | 'full' | 'cross';
  readonly left: FromSource;
  readonly right: FromSource;
  /** Absent for cross joins. */
  readonly on?: Expr;
  /** `USING (a, b)`: the equalities of `on`, and these columns appear once (from the left side, the right for RIGHT JOIN). */
  readonly using?: readonly string[];
  /** NATURAL JOIN: USING the column names both sides have (found when planned; none makes it a cross join). */
  readonly natural?: true;
}
export type FromSource = TableSource | SubquerySource | JoinSource;

export interface SelectCore {
  readonly kind: 'select_core';
  readonly distinct: boolean;
  readonly items: readonly SelectItem[];
  readonly from?: FromSource;
  readonly where?: Expr;
  readonly groupBy: readonly Expr[];
  readonly having?: Expr;
  /** `ALIGN '5s' [TO ...] [BY (...)] [FILL ...]`: a range query (GreptimeDB's time-window extension). */
  readonly align?: AlignClause;
}

/** Where a range query's windows start: the session time zone's epoch (default), `NOW`, a timestamp text, or an expression. */
export type AlignTo = { readonly kind: 'default' } | { readonly kind: 'text'; readonly text: string } | { readonly kind: 'expr'; readonly expr: Expr };

export interface AlignClause {
  /** The step between window starts. */
  readonly step: RangeDuration;
  readonly to: AlignTo;
  /** `BY (a, b)`; `BY ()` is one group (`[1]`, as GreptimeDB rewrites it); absent: the table's primary key. */
  readonly by?: readonly Expr[];
  readonly fill?: RangeFill;
  readonly pos: Pos;
}

export interface OrderKey { readonly expr: Expr; readonly descending: boolean; readonly nullsFirst?: boolean }

/** `name [(a, b)] AS (query)`: the column list renames the query's columns in order. */
export interface Cte { readonly name: string; readonly query: Query; readonly columns?: readonly string[] }

/** A full query: CTEs, one or more cores joined by UNION [ALL], then ORDER BY / LIMIT / OFFSET. */
export interface Query {
  readonly kind: 'query';
  readonly with: readonly Cte[];
  readonly cores: readonly SelectCore[];
  /** How core i+1 joins the union of the cores before it: `all` (UNION ALL) or `distinct` (UNION). */
  readonly unions?: readonly ('all' | 'distinct')[];
  readonly orderBy: readonly OrderKey[];
  readonly limit?: number;
  readonly offset?: number;
  /** `LIMIT <expression>` / `OFFSET <expression>` other than a number: planned as a constant (plan-query.ts). */
  readonly limitExpr?: Expr;
  readonly offsetExpr?: Expr;
}
