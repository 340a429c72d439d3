-- Range queries: aggregates over time windows, one row per series and window (docs/sql.md, "Range queries").
CREATE TABLE cpu (
  ts TIMESTAMP TIME INDEX,
  host STRING,
  usage DOUBLE,
  PRIMARY KEY (host)
);

INSERT INTO cpu VALUES
  ('2026-03-01 00:00:00', 'web-1', 0.20), ('2026-03-01 00:00:20', 'web-1', 0.40),
  ('2026-03-01 00:01:00', 'web-1', 0.90),
  ('2026-03-01 00:00:10', 'web-2', 0.50), ('2026-03-01 00:00:50', 'web-2', 0.70);

-- 1. The average over 30 s windows every 30 s, per host (the primary key, since BY is omitted).
SELECT ts, host, avg(usage) RANGE '30s' FROM cpu ALIGN '30s' ORDER BY host, ts;

-- 2. Every window from each host's first to its last, empty ones filled: PREV for min (ALIGN's default),
--    LINEAR for max (its own FILL).
SELECT ts, host, min(usage) RANGE '20s', max(usage) RANGE '20s' FILL LINEAR
FROM cpu ALIGN '20s' BY (host) FILL PREV ORDER BY host, ts;

-- 3. Sliding windows (1 min wide, every 30 s) over all hosts, with arithmetic around the range calls.
SELECT ts, round((max(usage) - min(usage)) RANGE '1m', 2) AS spread, count(*) RANGE '1m' AS samples
FROM cpu ALIGN '30s' BY () ORDER BY ts;

-- 4. Windows aligned to a chosen origin, over a subquery (which names the series with BY).
SELECT ts, h, last_value(u) RANGE '1m' AS latest
FROM (SELECT ts, host AS h, usage AS u FROM cpu WHERE usage > 0.3)
ALIGN '1m' TO '2026-03-01T00:00:10Z' BY (h) ORDER BY h, ts;
