import { Lexer, tokenMatcher, type IToken, type TokenType } from 'chevrotain';
import { VrlSyntaxError } from './diagnostics.js';
import * as T from './tokens.js';

let lexer: Lexer | undefined;

/** After these tokens a newline cannot end a statement (an operator or an opening bracket waits for more). */
const CONTINUES: readonly TokenType[] = [
  T.LParen, T.LBracket, T.LCurly, T.Comma, T.Colon, T.Assign, T.MergeAssign, T.Arrow, T.Bang,
  T.MergeOp, T.CoalesceOp, T.LogicalOp, T.EqualityOp, T.ComparisonOp, T.AdditiveOp, T.MultiplicativeOp,
];
/** Before these tokens a newline is dropped (closing brackets, `else`). */
const CLOSES: readonly TokenType[] = [T.RParen, T.RBracket, T.RCurly, T.Else];

const matchesAny = (tok: IToken, types: readonly TokenType[]): boolean => types.some((t) => tokenMatcher(tok, t));

/**
 * Tokenizes a program. Newlines are statement separators only where a statement can end: inside
 * `(...)` and `[...]`, after an operator or before a closing bracket they are dropped, and runs of
 * them collapse into one.
 */
export function lex(source: string): IToken[] {
  lexer ??= new Lexer(T.ALL_TOKENS, { positionTracking: 'full', ensureOptimizations: false });
  const result = lexer.tokenize(source);
  if (result.errors.length > 0) {
    const e = result.errors[0]!;
    const ch = source.slice(e.offset, e.offset + e.length);
    throw new VrlSyntaxError('E203', `unexpected character ${JSON.stringify(ch)}`, source, {
      start: e.offset,
      end: e.offset + Math.max(1, e.length),
      line: e.line ?? 1,
      column: e.column ?? 1,
    });
  }
  const out: IToken[] = [];
  const brackets: TokenType[] = [];
  let pendingNewline: IToken | undefined;
  for (const tok of result.tokens) {
    if (tok.tokenType === T.Newline) {
      pendingNewline ??= tok;
      continue;
    }
    if (pendingNewline !== undefined) {
      const prev = out[out.length - 1];
      const top = brackets[brackets.length - 1];
      const inside = top === T.LParen || top === T.LBracket;
      if (prev !== undefined && !inside && !matchesAny(prev, CONTINUES) && !matchesAny(tok, CLOSES)) out.push(pendingNewline);
      pendingNewline = undefined;
    }
    if (tok.tokenType === T.LParen || tok.tokenType === T.LBracket || tok.tokenType === T.LCurly) brackets.push(tok.tokenType);
    else if (tok.tokenType === T.RParen || tok.tokenType === T.RBracket || tok.tokenType === T.RCurly) brackets.pop();
    out.push(tok);
  }
  return out;
}
