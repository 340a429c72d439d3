CREATE TABLE IF NOT EXISTS http_requests_total (
  job STRING, instance STRING, service_value DOUBLE,
  service_timestamp TIMESTAMP(3) NOT NULL, TIME INDEX (service_timestamp), PRIMARY KEY (job, instance)
);
INSERT INTO http_requests_total (job, instance, service_value, service_timestamp) VALUES
  ('api', 'a:9100', 0, 1700000000000), ('api', 'a:9100', 120, 1700000060000), ('api', 'a:9100', 240, 1700000120000),
  ('api', 'a:9100', 360, 1700000180000), ('api', 'a:9100', 480, 1700000240000), ('api', 'a:9100', 600, 1700000300000),
  ('web', 'b:9100', 0, 1700000000000), ('web', 'b:9100', 30, 1700000060000), ('web', 'b:9100', 60, 1700000120000),
  ('web', 'b:9100', 90, 1700000180000), ('web', 'b:9100', 5, 1700000240000), ('web', 'b:9100', 35, 1700000300000);
