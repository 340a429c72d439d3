import { describe, expect, it } from 'vitest';
import { parseSql } from './parse.js';
import { SqlSyntaxError } from './errors.js';

describe('parseSql', () => {
  it('parses several statements and keeps precedence', () => {
    const [s] = parseSql('select a + 2 * 3 AS x from t where not a = 1 or b like \'%x\' and c between 1 and 2;;');
    expect(s!.kind).toBe('select');
    const q = (s as Extract<typeof s, { kind: 'select' }>).query;
    const item = q.cores[0]!.items[0]!;
    expect(item).toMatchObject({ kind: 'expr', alias: 'x', expr: { kind: 'binary', op: '+', right: { kind: 'binary', op: '*' } } });
    expect(q.cores[0]!.where).toMatchObject({ kind: 'binary', op: 'or', left: { kind: 'unary', op: 'not' }, right: { kind: 'binary', op: 'and' } });
  });

  it('accepts soft keywords as names and quoted identifiers', () => {
    const [s] = parseSql('SELECT "Time", `index`, first, timestamp FROM "My Table" ORDER BY time DESC NULLS FIRST');
    expect(s).toMatchObject({ query: { cores: [{ items: [{ expr: { name: 'Time' } }, { expr: { name: 'index' } }, { expr: { name: 'first' } }, { expr: { name: 'timestamp' } }] }], orderBy: [{ descending: true, nullsFirst: true }] } });
  });

  it('parses DDL with options through the table-option parser', () => {
    const [s] = parseSql("CREATE TABLE IF NOT EXISTS m (ts TIMESTAMP(3) NOT NULL, host STRING, v DOUBLE DEFAULT 0, TIME INDEX (ts), PRIMARY KEY (host)) WITH (ttl = '7d', append_mode = 'true')");
    expect(s).toMatchObject({ kind: 'create_table', ifNotExists: true, timeIndex: 'ts', primaryKey: ['host'], options: { ttl: { ms: 604800000 }, append_mode: true } });
  });

  it('reports line and column of a syntax error', () => {
    try {
      parseSql('SELECT a\nFROM WHERE');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SqlSyntaxError);
      expect((e as SqlSyntaxError).code).toBe(2000);
      expect((e as SqlSyntaxError).line).toBe(2);
      expect((e as SqlSyntaxError).column).toBe(6);
    }
  });

  it('parses intervals, casts, extract and full-text operators', () => {
    const [s] = parseSql("SELECT date_bin(INTERVAL '5 minutes', ts), v::BIGINT, extract(hour from ts) FROM t WHERE msg @@ 'error' AND matches(msg, 'a -b')");
    expect(s).toMatchObject({ query: { cores: [{ items: [{ expr: { kind: 'function', args: [{ kind: 'interval', ns: 300_000_000_000n }, { kind: 'column', name: 'ts' }] } }, { expr: { kind: 'cast', type: 'int64' } }, { expr: { name: 'date_part' } }] }] } });
  });
});
