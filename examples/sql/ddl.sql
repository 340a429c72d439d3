-- DDL that GreptimeDB's dialect has: changing a column's type, renaming a table, metric-engine tables.
-- Run: npm run build && node examples/sql/run.mjs examples/sql/ddl.sql

CREATE TABLE readings (host STRING PRIMARY KEY, v DOUBLE DEFAULT 0.5, ts TIMESTAMP TIME INDEX);
INSERT INTO TABLE readings VALUES ('a', 0.1, 0), ('b', 0, 1), ('c', NULL, 2);
-- Values convert as CAST does: 0.1 -> true, 0 -> false; the default 0.5 becomes true.
ALTER TABLE readings MODIFY COLUMN v BOOLEAN;
DESC TABLE readings;
SELECT * FROM readings ORDER BY host;
ALTER TABLE readings MODIFY COLUMN v STRING;
INSERT INTO readings (host, v, ts) VALUES ('d', "free text", 3);
SELECT * FROM readings ORDER BY host;

ALTER TABLE readings RENAME sensor_readings;
SHOW TABLES;
SELECT count(*) FROM sensor_readings;

-- A physical metric table and two logical tables over it: columns sorted by name, tags shared.
CREATE TABLE phy (ts TIMESTAMP TIME INDEX, val DOUBLE) ENGINE = metric WITH ('physical_metric_table' = '');
CREATE TABLE cpu (ts TIMESTAMP TIME INDEX, val DOUBLE, host STRING PRIMARY KEY) ENGINE = metric WITH ('on_physical_table' = 'phy');
CREATE TABLE mem (ts TIMESTAMP TIME INDEX, job STRING PRIMARY KEY, val DOUBLE) ENGINE = metric WITH ('on_physical_table' = 'phy');
INSERT INTO cpu VALUES ('h1', 0, 0.25), ('h2', 1, 0.75);
SELECT * FROM cpu ORDER BY host;
DESC TABLE phy;
SHOW CREATE TABLE phy;
