import type { Statement } from './ast/statement.js';
import { SqlSyntaxError } from './errors.js';
import { sqlParser } from './parser.js';
import { sqlLexer } from './tokens.js';
import { toStatement } from './to-ast/statement.js';
import type { Children } from './to-ast/cst.js';
import { checkShape, SqlTooComplexError, type ShapeLimits } from './shape-limits.js';
import { DEFAULT_QUERY_LIMITS } from '../exec/limits.js';
import { parseTql } from './tql/parse-tql.js';
import { fastInsert } from './fast-insert.js';

/**
 * Parses `;`-separated statements into ASTs; throws SqlSyntaxError with line and column, and
 * SqlTooComplexError for statements nested deeper or longer than `limits` allow.
 */
export function parseSql(sql: string, limits: ShapeLimits = DEFAULT_QUERY_LIMITS): Statement[] {
  const tql = parseTql(sql);
  if (tql) return [tql];
  const lexed = sqlLexer.tokenize(sql);
  if (lexed.errors.length > 0) {
    const e = lexed.errors[0]!;
    throw new SqlSyntaxError(e.line ?? 1, e.column ?? 1, `unexpected character '${sql.slice(e.offset, e.offset + e.length).slice(0, 20)}'`);
  }
  checkShape(lexed.tokens, limits);
  try {
    const bulk = fastInsert(lexed.tokens, (head) => {
      try {
        const s = parseTokens(sql, head);
        return s.length === 1 && s[0]!.kind === 'insert' ? s[0] : undefined;
      } catch {
        return undefined; // the whole statement through the grammar reports it
      }
    });
    if (bulk !== undefined) return [bulk];
    return parseTokens(sql, lexed.tokens);
  } catch (e) {
    if (e instanceof RangeError) throw new SqlTooComplexError(`SQL statement is nested too deeply to parse (limit [query] max_expr_depth is ${limits.maxExprDepth})`);
    throw e;
  }
}

function parseTokens(sql: string, tokens: ReturnType<typeof sqlLexer.tokenize>['tokens']): Statement[] {
  sqlParser.input = tokens;
  const cst = sqlParser.statements();
  if (sqlParser.errors.length > 0) {
    const e = sqlParser.errors[0]!;
    const t = e.token;
    const at = t.tokenType.name === 'EOF' ? 'end of input' : `'${t.image}'`;
    const line = Number.isFinite(t.startLine) ? t.startLine! : lastLine(sql);
    const col = Number.isFinite(t.startColumn) ? t.startColumn! : lastColumn(sql);
    throw new SqlSyntaxError(line, col, `unexpected ${at}${expectation(e.message)}`);
  }
  return ((cst.children as Children)['statement'] ?? []).map((s) => toStatement(s as never, sql));
}

function lastLine(s: string): number {
  return s.split('\n').length;
}
function lastColumn(s: string): number {
  const lines = s.split('\n');
  return lines[lines.length - 1]!.length + 1;
}

const TOKEN_TEXT: Record<string, string> = {
  RParen: "')'", LParen: "'('", Comma: "','", Semicolon: "';'", Eq: "'='", Dot: "'.'", NumberLiteral: 'a number',
  StringLiteral: 'a string', Identifier: 'a name', Star: "'*'", DoubleColon: "'::'",
};

/** A short "expected ..." from chevrotain's message (single expected token only; alternatives are not listed). */
function expectation(message: string): string {
  const m = /Expecting token of type --> (\w+) <--/.exec(message);
  if (m) return `, expected ${TOKEN_TEXT[m[1]!] ?? m[1]!.toUpperCase()}`;
  if (message.includes('expecting EOF')) return ', expected the end of the statement';
  return '';
}
