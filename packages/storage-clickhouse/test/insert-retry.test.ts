import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Store } from '@sluice/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickHouseBinary, openClickHouseStore, startLocalClickHouse, type LocalClickHouse } from '../src/index.js';

const bin = clickHouseBinary();
if (bin === undefined && process.env.CI) throw new Error('clickhouse-server is missing in CI (.ci/apt-packages.txt lists it)');

const SCHEMA = [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'v', type: 'float64', semantic: 'field' },
] as const;

type Fault = 'none' | 'drop_answer' | 'drop_request';

/** A proxy in front of ClickHouse that can lose the next data INSERT's answer, or the INSERT itself. */
function faultyProxy(target: string): Promise<{ url: string; server: Server; next: (f: Fault) => void; inserts: () => number }> {
  let fault: Fault = 'none';
  let inserts = 0;
  const server = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams.get('query') ?? '';
    const isDataInsert = /^INSERT INTO `r_public`/.test(q);
    if (isDataInsert) inserts++;
    const f = isDataInsert ? fault : 'none';
    if (isDataInsert) fault = 'none';
    if (f === 'drop_request') {
      req.resume();
      req.socket.destroy();
      return;
    }
    const up = request(target + (req.url ?? '/'), { method: req.method, headers: req.headers }, (upRes) => {
      if (f === 'drop_answer') {
        // ClickHouse has stored the rows; the client never hears so (a timeout or reset on the way back).
        upRes.resume();
        upRes.on('end', () => req.socket.destroy());
        return;
      }
      res.writeHead(upRes.statusCode ?? 500, upRes.headers);
      upRes.pipe(res);
    });
    req.pipe(up);
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, next: (f) => (fault = f), inserts: () => inserts })));
}

describe.skipIf(bin === undefined)('INSERT retries are idempotent', () => {
  let ch: LocalClickHouse;
  let proxy: Awaited<ReturnType<typeof faultyProxy>>;
  let s: Store;
  beforeAll(async () => {
    [ch] = (await startLocalClickHouse(1)) as [LocalClickHouse];
    proxy = await faultyProxy(ch.url);
    s = await openClickHouseStore({ urls: [proxy.url], databasePrefix: 'r_', catalogRefreshMs: 0, ttlSweepIntervalMs: 0 });
  });
  afterAll(async () => {
    await s?.close();
    proxy?.server.close();
    await ch?.stop();
  });

  const rows = (n: number, start: number) => Array.from({ length: n }, (_, i) => [start + i, `h${i % 3}`, i]);
  const count = async () => {
    let n = 0;
    for await (const b of s.scan({ db: 'public', table: 'logs', columns: [] })) n += b.length;
    return n;
  };

  it('an INSERT whose answer is lost is not sent again (the rows landed): no duplicates', async () => {
    await s.write([{ db: 'public', table: 'logs', schema: SCHEMA, rows: rows(10, 0), options: { append_mode: true } }]);
    const before = proxy.inserts();
    proxy.next('drop_answer');
    const res = await s.write([{ db: 'public', table: 'logs', schema: SCHEMA, rows: rows(100, 1000) }]);
    expect(res).toEqual([{ db: 'public', table: 'logs', affectedRows: 100 }]);
    expect(proxy.inserts() - before).toBe(1);
    expect(await count()).toBe(110);
  });

  it('an INSERT lost on the way is sent again once: every row exactly once', async () => {
    const before = proxy.inserts();
    proxy.next('drop_request');
    await s.write([{ db: 'public', table: 'logs', schema: SCHEMA, rows: rows(50, 5000) }]);
    expect(proxy.inserts() - before).toBe(2);
    expect(await count()).toBe(160);
  });
});
