import type { IToken } from 'chevrotain';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';

/** The limits `checkShape` enforces (from QueryLimits). */
export interface ShapeLimits {
  readonly maxExprDepth: number;
  readonly maxExprTerms: number;
}

/** A statement over a shape limit: a 400 naming the limit and its config key (never a stack overflow). */
export class SqlTooComplexError extends SluiceError {
  override name = 'SqlTooComplexError';
  constructor(message: string) {
    super(StatusCode.InvalidArguments, message);
  }
}

const OPERATORS = new Set([
  'And', 'Or', 'Plus', 'Minus', 'Star', 'Slash', 'Percent', 'Concat', 'Eq', 'NotEq', 'Lt', 'LtEq', 'Gt', 'GtEq',
  'Regex', 'RegexI', 'NotRegex', 'NotRegexI', 'AtAt', 'DoubleColon', 'Not',
]);
const OPENERS = new Set(['LParen', 'Case']);
const CLOSERS = new Set(['RParen', 'End']);

/**
 * Checks the token stream before parsing (the parser and the planner recurse once per level):
 * parentheses and CASE nest at most `maxExprDepth` deep, and one expression between commas and
 * parentheses holds at most `maxExprTerms` operators (`a OR b OR ...` builds one level per term).
 */
export function checkShape(tokens: readonly IToken[], limits: ShapeLimits): void {
  const runs: number[] = [0];
  for (const t of tokens) {
    const name = t.tokenType.name;
    if (OPENERS.has(name)) {
      runs.push(0);
      if (runs.length - 1 > limits.maxExprDepth) {
        throw new SqlTooComplexError(`SQL expression nested more than ${limits.maxExprDepth} levels deep at line ${t.startLine ?? 1}, column ${t.startColumn ?? 1} (limit [query] max_expr_depth)`);
      }
    } else if (CLOSERS.has(name)) {
      if (runs.length > 1) runs.pop();
    } else if (name === 'Comma' || name === 'Semicolon') {
      runs[runs.length - 1] = 0;
    } else if (OPERATORS.has(name)) {
      const n = ++runs[runs.length - 1]!;
      if (n > limits.maxExprTerms) {
        throw new SqlTooComplexError(`SQL expression has more than ${limits.maxExprTerms} operators at line ${t.startLine ?? 1}, column ${t.startColumn ?? 1} (limit [query] max_expr_terms); use IN (...) for long lists`);
      }
    }
  }
}
