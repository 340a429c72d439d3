import type { TokenType } from 'chevrotain';
import { AdditiveOp, CoalesceOp, ComparisonOp, EqualityOp, LogicalOp, MergeOp, MultiplicativeOp } from './tokens.js';

/** VRL's binary operators. */
export type BinaryOp = '|' | '??' | '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%';

/**
 * The one place binary precedence is declared: lowest binding first. Each level is left-associative
 * and matched through its token category; the parser builds one rule per level from this table.
 * It follows VRL's grammar (parser.lalrpop): `??` binds loosest, `||` and `&&` share one level,
 * and `|` (object merge) sits between the comparisons and `+ -`. `!` binds tighter than every level.
 */
export const PRECEDENCE: readonly { readonly name: string; readonly category: TokenType; readonly ops: readonly BinaryOp[] }[] = [
  { name: 'coalesce', category: CoalesceOp, ops: ['??'] },
  { name: 'logical', category: LogicalOp, ops: ['||', '&&'] },
  { name: 'equality', category: EqualityOp, ops: ['==', '!='] },
  { name: 'comparison', category: ComparisonOp, ops: ['<', '<=', '>', '>='] },
  { name: 'merge', category: MergeOp, ops: ['|'] },
  { name: 'additive', category: AdditiveOp, ops: ['+', '-'] },
  { name: 'multiplicative', category: MultiplicativeOp, ops: ['*', '/', '%'] },
];
