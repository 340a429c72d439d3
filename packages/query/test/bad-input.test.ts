import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it, expect } from 'vitest';
import { openLmdbStore } from '@sluice/storage';
import { SluiceError } from '@sluice/pipeline-core';
import { createQueryEngine } from '@sluice/query';

const inputs = [
  '', ';', ';;;', 'SELECT', 'SELECT *', 'SELECT * FROM', 'SELECT 1 +', "SELECT 'a' + 1", 'SELECT -', 'SELECT ((1)', 'SELECT 1)',
  'SELECT count(*) FROM t GROUP BY', 'SELECT * FROM t ORDER BY', 'SELECT * FROM t LIMIT', 'SELECT * FROM t LIMIT -1',
  'SELECT * FROM t LIMIT 99999999999999999999', 'SELECT 99999999999999999999999', 'SELECT 1e999', 'SELECT -9223372036854775808',
  "SELECT INTERVAL 'x'", "SELECT INTERVAL ''", "SELECT TIMESTAMP 'x'", 'SELECT CAST(NULL AS INT)', 'SELECT NULL + NULL', 'SELECT NULL = NULL',
  'SELECT NOT NULL', 'SELECT -NULL', "SELECT -'a'", 'SELECT 1 AND 2', 'SELECT * FROM t WHERE v', "SELECT * FROM t WHERE host = 1",
  "SELECT * FROM t WHERE v = 'abc'", "SELECT * FROM t WHERE ts = 5", "SELECT * FROM t WHERE ts = 'abc'", 'SELECT * FROM t WHERE ts = true',
  'SELECT date_bin(INTERVAL \'0 s\', ts) FROM t', "SELECT date_bin(INTERVAL '1 ns', ts) FROM t", "SELECT date_trunc(host, ts) FROM t",
  'SELECT count(DISTINCT *) FROM t', 'SELECT count() FROM t', 'SELECT sum(v, v) FROM t', 'SELECT * FROM t t1 JOIN t t2 ON t1.v = t2.v',
  'SELECT t1.* FROM t t1, t t2', 'SELECT * FROM (SELECT 1)', 'WITH a AS (SELECT 1) SELECT * FROM a, a', 'SELECT * FROM t UNION SELECT * FROM t',
  'INSERT INTO t VALUES', 'INSERT INTO t VALUES ()', 'INSERT INTO t (ts) VALUES (1), (2, 3)', "INSERT INTO t (ts, j) VALUES (1, '{bad')",
  'CREATE TABLE x ()', 'CREATE TABLE x (ts TIMESTAMP TIME INDEX, ts2 TIMESTAMP TIME INDEX)', 'CREATE TABLE x (ts TIMESTAMP(4) TIME INDEX)',
  "CREATE TABLE x (ts TIMESTAMP TIME INDEX, a INT DEFAULT 'x')", 'CREATE TABLE x (ts TIMESTAMP TIME INDEX, a INT DEFAULT now())',
  "CREATE TABLE x (ts TIMESTAMP TIME INDEX) WITH (ttl = 5)", 'CREATE DATABASE "a b"', 'CREATE DATABASE ""', 'CREATE TABLE "" (ts TIMESTAMP TIME INDEX)',
  'DROP DATABASE public', 'ALTER TABLE t ADD COLUMN ts2 TIMESTAMP TIME INDEX', 'ALTER TABLE t ADD COLUMN k STRING PRIMARY KEY', 'SELECT * FROM t WHERE j = 1',
  "SELECT j FROM t WHERE j IS NOT NULL ORDER BY j", 'SELECT regexp_match(host, NULL) FROM t', "SELECT split_part('a', '', 0)",
  "SELECT substr('abc', 0, -1)", 'SELECT round(1, 400)', "SELECT repeat('a', 1e10)", 'SELECT 1 % 0', 'SELECT 1.0 % 0', "SELECT 'a' ~ '['",
  'SELECT * FROM t WHERE ts IN (1, NULL)', 'SELECT * FROM t WHERE v NOT IN (1, NULL)', 'SELECT arrow_typeof(INTERVAL \'1s\')',
  'SELECT CAST(INTERVAL \'1s\' AS INT)', "SELECT INTERVAL '1s' * 'a'", "SELECT now() - now()", "SELECT ts - INTERVAL '1 s' FROM t", 'DELETE FROM t WHERE v',
  'SELECT * FROM information_schema.tables ORDER BY create_time', 'SHOW CREATE TABLE information_schema.tables', 'DESC information_schema.tables',
  'SELECT extract(foo FROM ts) FROM t', "SELECT date_part('second', '2026-01-01')", "SELECT to_unixtime('x')", 'SELECT to_timestamp(1.5)',
  "SELECT to_timestamp('2026-01-01')", 'SELECT greatest()', 'SELECT coalesce()', 'SELECT CASE WHEN 1 THEN 2 END', 'SELECT CASE 1 WHEN \'a\' THEN 2 END',
  'SELECT v FROM t GROUP BY v HAVING v', 'SELECT count(*) FROM t HAVING count(*)', "SELECT max(j) FROM t", "SELECT min(b) FROM t", 'SELECT sum(b) FROM t',
  'SELECT avg(ts) FROM t', 'SELECT ts + ts FROM t', 'SELECT ts * 2 FROM t', "SELECT ts || 'x' FROM t", 'SELECT b + 1 FROM t', "SELECT matches(v, 'a') FROM t",
  'SELECT row_number() OVER', 'SELECT rank(1) OVER () FROM t', 'SELECT sum(DISTINCT v) OVER () FROM t', 'SELECT count(*) OVER (PARTITION BY) FROM t',
  'SELECT lag(v, -1) OVER (ORDER BY ts) FROM t', 'SELECT lead() OVER () FROM t', 'SELECT percentile(v, 2) OVER () FROM t', 'SELECT v FROM t GROUP BY v HAVING rank() OVER () > 1',
  "SELECT date_format(ts, '%') FROM t", "SELECT json_get_int(j, '') FROM t", "SELECT json_get_int(v, 'a') FROM t", "SELECT lpad('a', 1e12)", "SELECT matches(host, '+') FROM t",
  "SELECT host FROM t WHERE host IN (SELECT v, v FROM t)", 'EXPLAIN', 'EXPLAIN DELETE FROM t', "SELECT regexp_replace('a', '(', 'b')",
  "SELECT * FROM t WHERE b = 'yes'", "SELECT * FROM t WHERE host > 5", 'USE information_schema; SELECT * FROM columns LIMIT 1', 'SELECT "unterminated',
];

it('never crashes: every odd input either runs or fails with a coded SluiceError', async () => {
  const store = await openLmdbStore({ dataHome: mkdtempSync(join(tmpdir(), 'q-')), noSync: true, ttlSweepIntervalMs: 0 });
  const e = createQueryEngine(store);
  await e.executeSql("CREATE TABLE t (ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY, v DOUBLE, b BOOLEAN, j JSON); INSERT INTO t VALUES (1, 'a', 1.5, true, '{\"x\":1}'), (2, 'b', NULL, false, NULL)", { db: 'public' });
  const bad: string[] = [];
  const log: string[] = [];
  for (const sql of inputs) {
    try {
      const out = await e.executeSql(sql, { db: 'public' });
      log.push(['OK  ', sql, '=>', JSON.stringify(out, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)).slice(0, 160)].join(' '));
    } catch (err) {
      if (!(err instanceof SluiceError) && typeof (err as { code?: unknown }).code !== 'number') bad.push(`${sql}: ${String(err)}`);
      else log.push(['ERR ', sql, '=>', (err as SluiceError).code, (err as Error).message.slice(0, 140)].join(' '));
    }
  }
  expect(log.length).toBe(inputs.length);
  expect(bad).toEqual([]);
});
