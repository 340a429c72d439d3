import { tokenMatcher, type IToken } from 'chevrotain';
import type { Statement } from './ast/statement.js';
import { parseSql } from './parse.js';
import { Comma, Dot, Identifier, LParen, RParen, Semicolon, SoftKeyword, sqlLexer, allTokens, BacktickIdentifier, QuotedIdentifier, StringLiteral, NumberLiteral } from './tokens.js';

/** Token types whose text is kept as written (names, literals, soft keywords that are often column names). */
const VERBATIM = [Identifier, QuotedIdentifier, BacktickIdentifier, StringLiteral, NumberLiteral, SoftKeyword];
/** Reserved keywords: every token type declared with `kw()` that is not soft (its pattern is a word). */
const KEYWORDS = new Set(allTokens.filter((t) => !VERBATIM.includes(t) && /^[A-Z][a-z]*$/.test(t.name) && t.name !== 'Identifier').map((t) => t.name));

function text(t: IToken): string {
  if (VERBATIM.some((v) => tokenMatcher(t, v))) return t.image;
  return KEYWORDS.has(t.tokenType.name) ? t.image.toUpperCase() : t.image;
}

function joinTokens(tokens: readonly IToken[]): string {
  let out = '';
  let prev: IToken | undefined;
  for (const t of tokens) {
    const tight =
      prev === undefined ||
      tokenMatcher(t, Comma) || tokenMatcher(t, RParen) || tokenMatcher(t, Dot) ||
      tokenMatcher(prev, LParen) || tokenMatcher(prev, Dot) ||
      // a function call: name(…)
      (tokenMatcher(t, LParen) && (tokenMatcher(prev, Identifier) || tokenMatcher(prev, QuotedIdentifier) || tokenMatcher(prev, SoftKeyword)));
    out += (tight ? '' : ' ') + text(t);
    prev = t;
  }
  return out;
}

/**
 * `/v1/sql/format`: checks the SQL with the parser (a syntax error is thrown, as GreptimeDB answers
 * with the parse error), then prints every statement on one line with reserved keywords upper-cased,
 * single spaces between tokens and a `;` at the end, statements joined by newlines. Comments are dropped.
 */
export function formatSql(sql: string): string {
  parseSql(sql);
  const statements: IToken[][] = [[]];
  for (const t of sqlLexer.tokenize(sql).tokens) {
    if (tokenMatcher(t, Semicolon)) statements.push([]);
    else statements[statements.length - 1]!.push(t);
  }
  return statements.filter((s) => s.length > 0).map((s) => `${joinTokens(s)};`).join('\n');
}

/** `/v1/sql/parse`: the statements' syntax trees (Sluice's AST, not GreptimeDB's sqlparser AST). */
export function parseSqlStatements(sql: string): Statement[] {
  return parseSql(sql);
}
