-- JSON2 events, IP ranges, sketches, anomaly scores and script-aware term search (docs/sql.md).
CREATE TABLE events (
  ts TIMESTAMP TIME INDEX,
  j JSON2
) WITH ('append_mode' = 'true');
INSERT INTO events VALUES
  ('2026-03-01 00:00:00', '{"req": {"ip": "10.0.0.15", "ms": 12}, "msg": "GET /api ok"}'),
  ('2026-03-01 00:00:01', '{"req": {"ip": "192.168.1.5", "ms": 30}, "msg": "登录手机号的动态key"}'),
  ('2026-03-01 00:00:02', '{"req": {"ip": "2001:db8::1", "ms": 45}, "msg": "POST /login failed: timeout"}'),
  ('2026-03-01 00:00:03', '{"req": {"ip": "10.0.0.16", "ms": 900}, "msg": "错误error日志"}'),
  ('2026-03-01 00:00:04', '{"req": {"ip": "10.0.0.17", "ms": "n/a"}, "msg": "GET /health ok"}');

-- Field access on a JSON2 column reads a path; next to a number it takes the number's type (a value that
-- does not convert is NULL).
SELECT ts, j.req.ip, j.req.ms + 0 AS ms FROM events ORDER BY ts;

-- IPv4 subnets and range tests; CASE runs each branch only on its own rows, so IPv6 addresses never
-- reach ipv4_to_cidr.
SELECT j.req.ip AS ip,
       CASE WHEN j.req.ip::STRING LIKE '%:%' THEN ipv6_to_cidr(j.req.ip::STRING, arrow_cast(32, 'UInt8'))
            ELSE ipv4_to_cidr(j.req.ip::STRING, arrow_cast(24, 'UInt8')) END AS subnet
FROM events ORDER BY ts;
SELECT count(*) AS in_10_8 FROM events
WHERE CASE WHEN j.req.ip::STRING LIKE '%:%' THEN false ELSE ipv4_in_range(j.req.ip::STRING, '10.0.0.0/8') END;

-- Distinct count and latency quantiles from sketch states (states can be stored in Binary columns and merged).
SELECT hll_count(hll(j.req.ip)) AS distinct_ips,
       uddsketch_calc(0.5, uddsketch_state(128, 0.01, json_get(j, 'req.ms')::DOUBLE)) AS p50_ms,
       uddsketch_calc(0.9, uddsketch_state(128, 0.01, json_get(j, 'req.ms')::DOUBLE)) AS p90_ms
FROM events;

-- How unusual is each latency compared with all of them?
SELECT ts, json_get(j, 'req.ms')::DOUBLE AS ms,
       round(anomaly_score_mad(json_get(j, 'req.ms')::DOUBLE) OVER (ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING), 2) AS mad_score
FROM events ORDER BY ts;

-- Term search: ASCII terms need no ASCII letter or digit beside them; Han terms match inside Chinese text.
SELECT ts, j.msg FROM events WHERE matches_term(j.msg::STRING, 'error') OR matches_term(j.msg::STRING, '手机') ORDER BY ts;
