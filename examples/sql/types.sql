-- Exact decimals, dates, vectors, computed defaults and database options (docs/sql.md "Types", "DDL").
CREATE DATABASE shop WITH (ttl = '7d');
SHOW CREATE DATABASE shop;
USE shop;

CREATE TABLE orders (
  ts TIMESTAMP TIME INDEX DEFAULT now(),
  item STRING PRIMARY KEY,
  price DECIMAL(10, 2),
  due DATE,
  embedding VECTOR(3)
);
INSERT INTO orders (ts, item, price, due, embedding) VALUES
  (now() - INTERVAL '2 hours', 'apple', '0.10', '2026-03-05', '[1.0, 0.0, 0.0]'),
  (now() - INTERVAL '1 hour', 'pear', '0.20', '2026-03-31', '[0.0, 1.0, 0.0]');
-- The time index takes its DEFAULT now() when left out.
INSERT INTO orders (item, price, due, embedding) VALUES ('plum', '1.25', '2026-04-01', parse_vec('[1.0, 1.0, 0.0]'));
DESC TABLE orders;
SHOW CREATE TABLE orders;

-- Decimal arithmetic is exact: 0.10 + 0.20 is 0.30, not 0.30000000000000004.
SELECT item, price, price * 3 AS three, sum(price) OVER () AS total FROM orders ORDER BY item;
SELECT sum(price), avg(price), arrow_typeof(sum(price)) FROM orders;

-- Dates compare with text and move by intervals.
SELECT item, due, due + INTERVAL '1 month' AS next_due, date_add(due, '3 day') AS grace FROM orders WHERE due > '2026-03-10' ORDER BY due;

-- Nearest vectors by cosine distance.
SELECT item, vec_to_string(embedding) AS v, round(vec_cos_distance(embedding, '[1.0, 0.2, 0.0]'), 4) AS d FROM orders ORDER BY d LIMIT 2;

-- LIMIT takes a constant expression.
SELECT item FROM orders ORDER BY item LIMIT 4 - 2;

USE public;
DROP DATABASE shop;
