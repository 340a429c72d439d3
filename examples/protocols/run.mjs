// Write to Sluice with the clients of three protocols, then read everything back with SQL:
//  - InfluxDB line protocol: @influxdata/influxdb-client (v2 write API) and a plain v1 write;
//  - OpenTSDB HTTP put: fetch, with ?details;
//  - Loki push: winston-loki (protobuf+snappy) and pino-loki (JSON).
// Uses the server at SLUICE_URL if set (e.g. after `npm start`), else starts one in-process.
// From the repository root:  npm run build && node examples/protocols/run.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InfluxDB, Point } from '@influxdata/influxdb-client';
import winston from 'winston';
import LokiTransport from 'winston-loki';
import pino from 'pino';
import { pinoLoki } from 'pino-loki';
import { startServer } from '@sluice/server';

let server;
let dataHome;
let url = process.env.SLUICE_URL;
if (url === undefined) {
  dataHome = mkdtempSync(join(tmpdir(), 'sluice-protocols-'));
  server = await startServer({ config: { http: { addr: '127.0.0.1:0' }, storage: { data_home: dataHome }, logging: { level: 'warn' } } });
  url = server.url;
}
console.log(`Sluice at ${url}`);

const DB = 'protocols_example';
async function sql(q, { print = true } = {}) {
  const res = await fetch(`${url}/v1/sql?db=${DB}&format=table`, { method: 'POST', body: new URLSearchParams({ sql: q }) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${q}: ${text}`);
  if (print) console.log(`\n> ${q}\n${text}`);
}

/** Waits until `table` holds `n` rows (the Loki clients send in the background). */
async function rows(table, n) {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${url}/v1/sql?db=${DB}`, { method: 'POST', body: new URLSearchParams({ sql: `SELECT count(*) FROM ${table}` }) });
    if (res.ok && (await res.json()).output[0].records.rows[0][0] >= n) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${table} did not get ${n} rows`);
}

try {
  // A database of its own, fresh on every run (the example runs twice in CI with the same output).
  await fetch(`${url}/v1/sql`, { method: 'POST', body: new URLSearchParams({ sql: `DROP DATABASE IF EXISTS ${DB}` }) });
  await fetch(`${url}/v1/sql`, { method: 'POST', body: new URLSearchParams({ sql: `CREATE DATABASE ${DB}` }) });
  const now = 1_764_000_000_000; // fixed, so reruns print the same

  // InfluxDB v2 client: org is ignored, the bucket is the database.
  const influx = new InfluxDB({ url: `${url}/v1/lineproto`, token: 'user:password' }).getWriteApi('my-org', DB, 'ms');
  influx.useDefaultTags({ region: 'eu' });
  influx.writePoint(new Point('cpu').tag('host', 'web01').floatField('usage', 12.5).intField('procs', 210).timestamp(new Date(now)));
  influx.writePoint(new Point('cpu').tag('host', 'web02').floatField('usage', 48.0).intField('procs', 180).timestamp(new Date(now)));
  await influx.close();

  // Plain v1 write; the second line merges into the first (same series and time: merge_mode=last_non_null).
  let res = await fetch(`${url}/v1/lineproto/write?db=${DB}&precision=s`, {
    method: 'POST',
    body: `weather,city=oslo temp=3.5 ${Math.floor(now / 1000)}\nweather,city=oslo hum=80i ${Math.floor(now / 1000)}\nweather,city=rome temp=18,note="sunny, warm" ${Math.floor(now / 1000)}`,
  });
  console.log(`v1 write: ${res.status}`);
  res = await fetch(`${url}/v1/lineproto/write?db=${DB}`, { method: 'POST', body: 'weather,city=oslo temp=oops' });
  console.log(`bad line: ${res.status} ${await res.text()}`);

  // OpenTSDB put with details.
  res = await fetch(`${url}/v1/jsonput/api/put?details&db=${DB}`, {
    method: 'POST',
    body: JSON.stringify([
      { metric: 'sys.cpu.nice', timestamp: Math.floor(now / 1000), value: 18, tags: { host: 'web01' } },
      { metric: 'sys.cpu.nice', timestamp: now, value: '9.5', tags: { host: 'web02' } },
    ]),
  });
  console.log(`OpenTSDB put: ${res.status} ${await res.text()}`);

  // Loki: winston-loki (protobuf + snappy) and pino-loki (JSON); the database comes from x-service-db-name.
  const headers = { 'x-service-db-name': DB };
  const transport = new LokiTransport({ host: `${url}/v1/logpush/api/v1/push#`, batching: false, labels: { app: 'shop', client: 'winston' }, headers });
  const log = winston.createLogger({ transports: [transport] });
  log.info('order created', { labels: { level: 'info' } });
  log.error('payment failed');
  const stream = await pinoLoki({ host: url, endpoint: '/v1/logpush/api/v1/push', batching: false, labels: { app: 'shop', client: 'pino' }, headers });
  pino({ base: undefined, timestamp: false }, stream).info({ meta: { order: '42' } }, 'order shipped');
  await rows('logpush_logs', 3);
  log.close();
  stream.end();

  await sql('SELECT host, region, usage, procs FROM cpu ORDER BY host');
  await sql('SELECT city, temp, hum, note FROM weather ORDER BY city');
  await sql('SELECT host, service_value FROM "sys.cpu.nice" ORDER BY host');
  await sql('SELECT client, line, structured_metadata FROM logpush_logs ORDER BY client, line');
  const create = await (await fetch(`${url}/v1/sql?db=${DB}`, { method: 'POST', body: new URLSearchParams({ sql: 'SHOW CREATE TABLE weather' }) })).json();
  console.log(`\n> SHOW CREATE TABLE weather\n${create.output[0].records.rows[0][1]}`);
} finally {
  if (server) {
    await server.close();
    rmSync(dataHome, { recursive: true, force: true });
  }
}
