import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import winston from 'winston';
import LokiTransport from 'winston-loki';
import pino from 'pino';
import { pinoLoki } from 'pino-loki';
import SnappyJS from 'snappyjs';
import { PushRequest } from '../src/protocols/loki-push.js';
import { startTestServer, type TestServer } from './start-server.js';

async function sql(s: TestServer, q: string): Promise<unknown[][]> {
  const res = await s.fetch('/v1/sql', { method: 'POST', body: new URLSearchParams({ sql: q }) });
  const body = (await res.json()) as { output?: { records?: { rows: unknown[][] } }[]; error?: string };
  if (!res.ok) throw new Error(`${q}: ${body.error}`);
  return body.output![0]!.records?.rows ?? [];
}

/** Polls a query until it returns `n` rows (clients send in the background); gives up after 10 s. */
async function rowsWhen(s: TestServer, q: string, n: number): Promise<unknown[][]> {
  for (let i = 0; i < 100; i++) {
    const rows = await sql(s, q).catch(() => []);
    if (rows.length >= n) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
  return sql(s, q);
}

describe('Loki push (real server, winston-loki and pino-loki)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('winston-loki sends protobuf+snappy without Content-Encoding: labels become tags, the line and metadata are kept', async () => {
    const errors: string[] = [];
    const transport = new LokiTransport({
      host: `${s.url}/v1/logpush/api/v1/push#`, batching: false, labels: { app: 'acc' }, json: false,
      onConnectionError: (e: Error) => errors.push(e.message),
    });
    expect((transport as unknown as { batcher: { contentType: string } }).batcher.contentType).toBe('application/x-protobuf');
    const log = winston.createLogger({ transports: [transport] });
    log.info('hello from winston', { labels: { extra: 'x' } });
    log.warn('second line');
    const rows = await rowsWhen(s, 'SELECT line, app, extra, level FROM logpush_logs ORDER BY line', 2);
    expect(errors).toEqual([]);
    // winston-loki appends the entry's metadata to the line in protobuf mode
    expect(rows).toEqual([
      ['hello from winston {"level":"info"}', 'acc', 'x', 'info'],
      ['second line {"level":"warn"}', 'acc', null, 'warn'],
    ]);
    log.close();
    const create = String((await sql(s, 'SHOW CREATE TABLE logpush_logs'))[0]![1]);
    expect(create).toMatch(/"service_timestamp" TIMESTAMP\(9\) NOT NULL,\n\s*"line" STRING NULL,\n\s*"structured_metadata" JSON NULL/);
    expect(create).toMatch(/append_mode = 'true'/);
    expect(create).toMatch(/service\.semantic\.signal_type = 'log'/);
    expect(create).toMatch(/service\.semantic\.source = 'loki'/);
  });

  it('pino-loki sends JSON with structured metadata; x-service-log-table-name picks the table', async () => {
    const stream = await pinoLoki({
      host: s.url, endpoint: '/v1/logpush/api/v1/push', batching: false, labels: { app: 'pino' },
      headers: { 'x-service-log-table-name': 'pino_logs' },
    });
    const logger = pino(stream);
    logger.info({ meta: { user: 'u2' } }, 'hello from pino');
    const rows = await rowsWhen(s, 'SELECT line, app, structured_metadata FROM pino_logs', 1);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(String(rows[0]![0]))).toMatchObject({ msg: 'hello from pino' });
    expect(rows[0]![1]).toBe('pino');
    expect(rows[0]![2]).toEqual({ user: 'u2' });
    stream.end();
  });

  it('a pipeline header runs the pipeline over the entries (loki_label_*, loki_line)', async () => {
    const body = SnappyJS.compress(PushRequest.encode({
      streams: [{ labels: '{job="api", level="error"}', entries: [{ timestamp: { seconds: 1700000000, nanos: 5 }, line: 'GET /x 500' }] }],
    }).finish());
    const res = await s.fetch('/v1/logpush/api/v1/push', {
      method: 'POST', body, headers: { 'content-type': 'application/x-protobuf', 'content-encoding': 'snappy', 'x-service-pipeline-name': 'service_identity', 'x-service-log-table-name': 'piped' },
    });
    expect(res.status).toBe(200);
    expect(await sql(s, 'SELECT loki_label_job, loki_label_level, loki_line FROM piped')).toEqual([['api', 'error', 'GET /x 500']]);
  });

  it('a malformed body is a 400 saying what and where, and writes nothing', async () => {
    const json = (b: string) => s.fetch('/v1/logpush/api/v1/push', { method: 'POST', body: b, headers: { 'content-type': 'application/json', 'x-service-log-table-name': 'bad_push' } });
    let res = await json('{"streams":[{"stream":{"a":"b"},"values":[["1700000000000000000","ok"],[1700000000,"bad ts"]]}]}');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('streams[0].values[1][0]: expected a nanosecond timestamp string, got 1700000000');
    res = await json('{"streams":');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/^cannot parse Loki JSON push body/);
    res = await s.fetch('/v1/logpush/api/v1/push', { method: 'POST', body: 'not snappy at all', headers: { 'content-type': 'application/x-protobuf', 'x-service-log-table-name': 'bad_push' } });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/snappy/);
    expect(await sql(s, "SHOW TABLES LIKE 'bad_push'")).toEqual([]);
  });
});
