import { describe, expect, it } from 'vitest';
import { sqlLexer } from './tokens.js';
import { SqlParser, sqlParser } from './parser.js';

describe('grammar', () => {
  it('parses a select', () => {
    const lex = sqlLexer.tokenize('SELECT a, count(*) FROM t WHERE x > 1 GROUP BY a ORDER BY 2 DESC NULLS LAST LIMIT 5');
    expect(lex.errors).toEqual([]);
    sqlParser.input = lex.tokens;
    sqlParser.statements();
    expect(sqlParser.errors).toEqual([]);
  });

  it('passes chevrotain\'s grammar validations (the shared parser skips them to start faster)', () => {
    expect(() => new SqlParser({ validate: true })).not.toThrow();
  });
});
