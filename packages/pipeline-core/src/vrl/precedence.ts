import type { TokenType } from 'chevrotain';
import { AdditiveOp, AndOp, CoalesceOp, ComparisonOp, EqualityOp, MergeOp, MultiplicativeOp, OrOp } from './tokens.js';

/** VRL's binary operators. */
export type BinaryOp = '|' | '??' | '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%';

/**
 * The one place binary precedence is declared: lowest binding first. Each level is left-associative
 * and matched through its token category; the parser builds one rule per level from this table.
 * (`!` and unary `-` bind tighter than every level.)
 */
export const PRECEDENCE: readonly { readonly name: string; readonly category: TokenType; readonly ops: readonly BinaryOp[] }[] = [
  { name: 'merge', category: MergeOp, ops: ['|'] },
  { name: 'coalesce', category: CoalesceOp, ops: ['??'] },
  { name: 'or', category: OrOp, ops: ['||'] },
  { name: 'and', category: AndOp, ops: ['&&'] },
  { name: 'equality', category: EqualityOp, ops: ['==', '!='] },
  { name: 'comparison', category: ComparisonOp, ops: ['<', '<=', '>', '>='] },
  { name: 'additive', category: AdditiveOp, ops: ['+', '-'] },
  { name: 'multiplicative', category: MultiplicativeOp, ops: ['*', '/', '%'] },
];
