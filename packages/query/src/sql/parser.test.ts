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

  it('computes a lookahead decision only when a statement first reaches it (not all of them at import)', () => {
    const p = new SqlParser();
    expect(p.lookaheadComputed).toBe(0);
    p.input = sqlLexer.tokenize('SELECT a FROM t WHERE b = 1').tokens;
    p.statements();
    expect(p.errors).toEqual([]);
    const afterSelect = p.lookaheadComputed;
    expect(afterSelect).toBeGreaterThan(0);
    p.input = sqlLexer.tokenize('SELECT a FROM t WHERE b = 2').tokens;
    p.statements();
    expect(p.lookaheadComputed).toBe(afterSelect);
    p.input = sqlLexer.tokenize('CREATE TABLE x (ts TIMESTAMP TIME INDEX, v DOUBLE)').tokens;
    p.statements();
    expect(p.errors).toEqual([]);
    expect(p.lookaheadComputed).toBeGreaterThan(afterSelect);
  });

  it('passes chevrotain\'s grammar validations (the shared parser skips them to start faster)', () => {
    expect(() => new SqlParser({ validate: true })).not.toThrow();
  });
});
