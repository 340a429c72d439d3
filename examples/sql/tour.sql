-- A tour of Sluice SQL: run with `node examples/sql/run.mjs` (or paste into /v1/sql).
-- It starts from a clean slate, so running it twice gives the same answers.
DROP TABLE IF EXISTS logs;

CREATE TABLE logs (
  ts TIMESTAMP(3) NOT NULL,
  host STRING,
  level STRING,
  msg STRING FULLTEXT INDEX,
  latency_ms DOUBLE,
  TIME INDEX (ts),
  PRIMARY KEY (host)
) WITH (append_mode = 'true');

INSERT INTO logs VALUES
  ('2026-03-01 00:00:05', 'web-1', 'info',  'GET /index ok', 12.5),
  ('2026-03-01 00:00:40', 'web-2', 'error', 'GET /api failed: upstream timeout', 250),
  ('2026-03-01 00:01:10', 'web-1', 'warn',  'slow request /api', 120),
  ('2026-03-01 00:02:00', 'web-3', 'info',  'POST /login ok', 30),
  ('2026-03-01 00:02:45', 'web-2', 'error', 'disk full on /var', NULL);

DESC TABLE logs;

-- Per-minute histogram by level.
SELECT date_bin(INTERVAL '1 minute', ts) AS minute, level, count(*) AS n
FROM logs GROUP BY minute, level ORDER BY minute, level;

-- Slowest hosts, with a percentile.
SELECT host, max(latency_ms) AS worst, approx_percentile_cont(latency_ms, 0.5) AS p50
FROM logs GROUP BY host HAVING count(*) > 1 ORDER BY worst DESC NULLS LAST;

-- Full-text search and the newest rows first.
SELECT ts, host, msg FROM logs WHERE matches(msg, 'error OR timeout -disk') ORDER BY ts DESC LIMIT 10;

-- Time filters accept plain strings; intervals do arithmetic.
SELECT host, ts + INTERVAL '1 hour' AS plus_hour FROM logs WHERE ts >= '2026-03-01 00:01:00' ORDER BY ts;

-- A CTE joined back to the table.
WITH per_host AS (SELECT host, count(*) AS n FROM logs GROUP BY host)
SELECT l.ts, l.host, p.n AS host_rows FROM logs l JOIN per_host p ON l.host = p.host ORDER BY l.ts;

-- The catalog is queryable too.
SELECT column_name, greptime_data_type, semantic_type FROM information_schema.columns WHERE table_name = 'logs';

DELETE FROM logs WHERE level = 'warn';
SELECT count(*) FROM logs;
SHOW CREATE TABLE logs;
