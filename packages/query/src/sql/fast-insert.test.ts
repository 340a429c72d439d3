import { describe, expect, it } from 'vitest';
import { parseSql } from './parse.js';
import { SqlSyntaxError } from './errors.js';
import type { InsertStatement } from './ast/statement.js';

/** Rows of constants in every form the fast path reads, each also parsed alone by the grammar. */
const FORMS = [
  "('h1', 1, 1.5, NULL)",
  "('it''s', -7, -2.5e3, TRUE)",
  "('', 9007199254740993, +4, FALSE)",
  "('x', -9007199254740993, .5, DEFAULT)",
  "('y', 0, -0, 1e-7,)", // trailing comma, as the grammar accepts
  "('z', 12, 3.25, 'null')",
];
const HEAD = 'INSERT INTO "Metrics".m (host, v, w, flag) VALUES ';

const insert = (sql: string) => parseSql(sql)[0] as InsertStatement;
const bulk = (rows: string[], tail = '') => `${HEAD}${rows.join(',\n  ')}${tail}`;
const many = (n: number) => Array.from({ length: n }, (_, i) => FORMS[i % FORMS.length]!);

describe('bulk INSERT ... VALUES of constants (fast path)', () => {
  it('gives each row exactly the node the grammar gives it alone', () => {
    const rows = many(1200);
    const s = insert(bulk(rows, ';'));
    expect(s.table).toEqual(insert(HEAD + FORMS[0]).table);
    expect(s.columns).toEqual(['host', 'v', 'w', 'flag']);
    expect(s.rows).toHaveLength(1200);
    const alone = FORMS.map((f) => insert(HEAD + f).rows![0]);
    s.rows!.forEach((r, i) => expect(r).toEqual(alone[i % FORMS.length]));
  });

  it('leaves rows with anything but constants to the grammar, with the same answer', () => {
    const rows = many(1200);
    rows[700] = "('e', 1 + 2, now(), '2024-01-01'::TIMESTAMP)";
    const s = insert(bulk(rows));
    expect(s.rows).toHaveLength(1200);
    // The whole statement went through the grammar: positions are those in the long text.
    expect(s.rows![700]).toMatchObject([{ kind: 'literal', value: 'e' }, { kind: 'binary', op: '+' }, { kind: 'function', name: 'now', pos: { line: 701, column: 16 } }, { kind: 'cast' }]);
    expect(s.rows![701]).toEqual(insert(HEAD + rows[701]).rows![0]);
    // A second statement after the rows: both parsed.
    expect(parseSql(bulk(many(1200), '; SELECT 1')).map((x) => x.kind)).toEqual(['insert', 'select']);
  });

  it('a syntax error in a late row is the grammar\'s error, at its line and column', () => {
    const rows = many(1200);
    rows[900] = "('bad' 1, 2, 3)";
    const err = (() => {
      try {
        parseSql(bulk(rows));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(SqlSyntaxError);
    expect((err as SqlSyntaxError).message).toBe("SQL syntax error at line 901, column 10: unexpected '1', expected ')'");
  });
});
