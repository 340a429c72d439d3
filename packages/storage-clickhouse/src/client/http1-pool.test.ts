import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Http1NetworkError, Http1Pool, type Http1Request } from './http1-pool.js';

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

const servers: (http.Server | https.Server)[] = [];
const pools: Http1Pool[] = [];
afterEach(async () => {
  for (const p of pools.splice(0)) p.close();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A node:http server on a loopback port; `sockets` counts the connections it accepted. */
async function serve(handler: Handler, make: (h: http.RequestListener) => http.Server | https.Server = (h) => http.createServer(h)) {
  const state = { sockets: 0 };
  const server = make((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(req, Buffer.concat(chunks).toString(), res));
  });
  server.on('connection', () => state.sockets++);
  server.on('secureConnection', () => state.sockets++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, state, server };
}

function pool(port: number, o: { idleMs?: number; maxSockets?: number; tls?: boolean } = {}): Http1Pool {
  const p = new Http1Pool({ tls: o.tls ?? false, hostname: '127.0.0.1', port, host: `127.0.0.1:${port}` }, o);
  pools.push(p);
  return p;
}

const req = (body: string, o: Partial<Http1Request> = {}): Http1Request => ({ path: '/?x=1', headers: { 'Content-Type': 'text/plain' }, body, timeoutMs: 5000, ...o });

describe('Http1Pool', () => {
  it('sends method, path, headers and body, and reuses one socket for requests in sequence', async () => {
    const seen: string[] = [];
    const { port, state } = await serve((r, body, res) => {
      seen.push(`${r.method} ${r.url} ${r.headers['content-type']} ${r.headers.host} ${body}`);
      res.setHeader('X-ClickHouse-Exception-Code', '0');
      res.end(`echo ${body}`); // chunked or sized, as node:http picks
    });
    const p = pool(port);
    for (let i = 0; i < 5; i++) {
      const res = await p.request(req(`q${i}`));
      expect(res.status).toBe(200);
      expect(res.headers.get('x-clickhouse-exception-code')).toBe('0');
      expect(await res.text()).toBe(`echo q${i}`);
    }
    expect(seen[0]).toBe(`POST /?x=1 text/plain 127.0.0.1:${port} q0`);
    expect(state.sockets).toBe(1);
  });

  it('sends a large Buffer body whole and reads a large streamed answer in order', async () => {
    const big = Buffer.alloc(3 << 20, 'ab');
    const { port } = await serve((_r, body, res) => {
      res.write(`${body.length}\n`);
      let i = 0;
      const more = () => {
        while (i < 2000) if (!res.write(`row ${i++}\t${'x'.repeat(2000)}\n`)) return void res.once('drain', more);
        res.end();
      };
      more();
    });
    const res = await pool(port).request(req('', { body: big }));
    let text = '';
    for await (const c of res.chunks()) {
      text += c.toString();
      await new Promise((r) => setImmediate(r)); // a slow reader: the socket pauses instead of buffering all
    }
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe(String(big.length));
    expect(lines.length).toBe(2001);
    expect(lines[2000]!.startsWith('row 1999\t')).toBe(true);
  });

  it('opens at most maxSockets connections; further requests wait their turn', async () => {
    let inFlight = 0;
    let most = 0;
    const { port, state } = await serve((_r, body, res) => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => {
        inFlight--;
        res.end(body);
      }, 20);
    });
    const p = pool(port, { maxSockets: 3 });
    const out = await Promise.all(Array.from({ length: 12 }, (_, i) => p.request(req(String(i))).then((r) => r.text())));
    expect(out).toEqual(Array.from({ length: 12 }, (_, i) => String(i)));
    expect(most).toBe(3);
    expect(state.sockets).toBe(3);
  });

  it('does not reuse a socket idle for longer than idleMs, and says when a request went out on a reused one', async () => {
    const { port, state } = await serve((_r, _b, res) => res.end('ok'));
    const p = pool(port, { idleMs: 100 });
    await (await p.request(req('a'))).text();
    await new Promise((r) => setTimeout(r, 250));
    await (await p.request(req('b'))).text();
    expect(state.sockets).toBe(2);
  });

  it('fails a request whose kept-alive socket the server closed, marked as reused (the caller may retry)', async () => {
    let n = 0;
    const { port } = await serve((r, _b, res) => {
      if (++n === 2) return r.socket.destroy(); // the server drops the connection instead of answering
      res.end('ok');
    });
    const p = pool(port);
    expect(await (await p.request(req('a'))).text()).toBe('ok');
    const e = await p.request(req('b')).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Http1NetworkError);
    expect((e as Http1NetworkError).reused).toBe(true);
    expect((e as Http1NetworkError).afterHead).toBe(false);
    expect(await (await p.request(req('c'))).text()).toBe('ok');
  });

  it('fails a body cut short after its head, and a connection refused', async () => {
    const { port } = await serve((_r, _b, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('only some');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const res = await pool(port).request(req('a'));
    const e = await res.text().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Http1NetworkError);
    expect((e as Error).message).toMatch(/closed before the whole answer/);
    const closed = await serve(() => undefined);
    closed.server.close();
    servers.splice(servers.indexOf(closed.server), 1);
    await new Promise((r) => setTimeout(r, 20));
    await expect(pool(closed.port).request(req('a'))).rejects.toBeInstanceOf(Http1NetworkError);
  });

  it('times out a request without an answer and aborts on the signal; the pool goes on working', async () => {
    const { port } = await serve((r, body, res) => {
      if (body === 'hang') return;
      res.end('ok');
    });
    const p = pool(port);
    await expect(p.request(req('hang', { timeoutMs: 100 }))).rejects.toThrow(/Timeout error: no answer in 100 ms/);
    const ac = new AbortController();
    const pending = p.request(req('hang', { signal: ac.signal }));
    setTimeout(() => ac.abort(), 30);
    const e = await pending.catch((x: unknown) => x);
    expect((e as Http1NetworkError).aborted).toBe(true);
    await expect(p.request(req('x', { signal: AbortSignal.abort() }))).rejects.toMatchObject({ aborted: true });
    expect(await (await p.request(req('x'))).text()).toBe('ok');
  });

  it('drops the rest of a response on destroy() without harming the next request', async () => {
    const { port, state } = await serve((_r, body, res) => {
      if (body === 'long') {
        res.write('first');
        return; // never ends
      }
      res.end('short');
    });
    const p = pool(port);
    const long = await p.request(req('long'));
    long.destroy();
    long.destroy(); // twice: harmless
    expect(await (await p.request(req('s'))).text()).toBe('short');
    const s = await p.request(req('s'));
    expect(await s.text()).toBe('short');
    s.destroy(); // after the end: the socket went back to the pool and stays usable
    expect(await (await p.request(req('s'))).text()).toBe('short');
    expect(state.sockets).toBe(2);
  });

  it('speaks TLS to an https:// endpoint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'http1-tls-'));
    try {
      try {
        execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
      } catch {
        return; // no openssl here: nothing to make a certificate with
      }
      const { port } = await serve((_r, body, res) => res.end(`tls ${body}`), (h) => https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, h));
      const prev = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
      try {
        expect(await (await pool(port, { tls: true }).request(req('hi'))).text()).toBe('tls hi');
      } finally {
        if (prev === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
        else process.env.NODE_TLS_REJECT_UNAUTHORIZED = prev;
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
