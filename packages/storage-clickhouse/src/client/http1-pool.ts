import net from 'node:net';
import tls from 'node:tls';
import { HttpProtocolError, ResponseParser, type ResponseHead } from './http1-response.js';

/**
 * A keep-alive HTTP/1.1 client for one endpoint, over plain sockets: a request is one socket write and
 * its response goes through a small parser (http1-response.ts). It exists for the ClickHouse client's
 * hot path: a small SELECT cost 533 µs of main-thread CPU through node:http's agent, ClientRequest and
 * IncomingMessage against 233 µs this way (docs/scale-out.md), on every query Sluice pushes down.
 */
export interface Http1Target {
  readonly tls: boolean;
  readonly hostname: string;
  readonly port: number;
  /** The Host header (`host:port` as the URL had it). */
  readonly host: string;
}

export interface Http1PoolOptions {
  readonly maxSockets?: number;
  /** An idle socket older than this is closed instead of reused (below the server's keep-alive timeout). */
  readonly idleMs?: number;
}

/** A request that got no (complete) answer: refused, reset, closed early, timed out, or aborted. */
export class Http1NetworkError extends Error {
  override name = 'Http1NetworkError';
  /** `reused`: the request went out on a kept-alive socket (the server may have closed it meanwhile). */
  /** `afterHead`: the head had arrived (the body broke); `aborted`: the caller's signal fired (not worth a retry). */
  constructor(message: string, readonly reused: boolean, readonly afterHead = false, readonly aborted = false) {
    super(message);
  }
}

export interface Http1Request {
  /** Path and query, e.g. `/?database=x&query=...`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Buffer;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
}

/**
 * A response whose head has arrived. Its body is read exactly once, whole (`text()`) or piece by piece
 * (`chunks()`); `destroy()` drops the rest (the socket is closed, not reused).
 */
export interface Http1Response extends ResponseHead {
  text(): Promise<string>;
  chunks(): AsyncGenerator<Buffer>;
  destroy(): void;
}

interface Conn {
  readonly socket: net.Socket;
  uses: number;
  idleSince: number;
  /** The request using it: its data and close handlers. */
  onData: ((b: Buffer) => void) | undefined;
  onGone: ((e: Error | undefined) => void) | undefined;
}

export class Http1Pool {
  private readonly idle: Conn[] = [];
  private open = 0;
  private readonly waiting: ((c: Conn | Error) => void)[] = [];
  private readonly maxSockets: number;
  private readonly idleMs: number;
  private readonly sweep: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly target: Http1Target, o: Http1PoolOptions = {}) {
    this.maxSockets = o.maxSockets ?? 64;
    this.idleMs = o.idleMs ?? 1500;
    this.sweep = setInterval(() => this.closeStale(Date.now()), Math.max(250, this.idleMs / 2));
    this.sweep.unref();
  }

  /** Sends one request; resolves once the response head arrived (any status). */
  request(r: Http1Request): Promise<Http1Response> {
    if (this.closed) return Promise.reject(new Http1NetworkError('the client is closed', false));
    return this.acquire().then((c) => this.exchange(c, r));
  }

  close(): void {
    this.closed = true;
    clearInterval(this.sweep);
    for (const c of this.idle.splice(0)) c.socket.destroy();
    for (const w of this.waiting.splice(0)) w(new Http1NetworkError('the client is closed', false));
  }

  private acquire(): Promise<Conn> {
    const now = Date.now();
    for (let c = this.idle.pop(); c !== undefined; c = this.idle.pop()) {
      if (now - c.idleSince < this.idleMs && !c.socket.destroyed) return Promise.resolve(c);
      c.socket.destroy();
    }
    if (this.open < this.maxSockets) return Promise.resolve(this.connect());
    return new Promise((resolve, reject) => this.waiting.push((c) => (c instanceof Error ? reject(c) : resolve(c))));
  }

  private connect(): Conn {
    const t = this.target;
    const socket = t.tls ? tls.connect({ host: t.hostname, port: t.port, servername: net.isIP(t.hostname) ? undefined : t.hostname }) : net.connect({ host: t.hostname, port: t.port });
    socket.setNoDelay(true);
    this.open++;
    const c: Conn = { socket, uses: 0, idleSince: 0, onData: undefined, onGone: undefined };
    socket.on('data', (b: Buffer) => {
      if (c.onData) c.onData(b);
      else socket.destroy(); // bytes while idle: nothing can follow them sanely
    });
    let gone = false;
    const lost = (e: Error | undefined) => {
      if (gone) return;
      gone = true;
      this.open--;
      const i = this.idle.indexOf(c);
      if (i >= 0) this.idle.splice(i, 1);
      c.onGone?.(e);
      this.handOver();
    };
    socket.on('error', (e) => lost(e));
    socket.on('close', () => lost(undefined));
    return c;
  }

  /** A freed slot (a socket released or gone) goes to the next waiting request. */
  private handOver(): void {
    if (this.waiting.length === 0 || this.closed) return;
    const idle = this.idle.pop();
    if (idle) this.waiting.shift()!(idle);
    else if (this.open < this.maxSockets) this.waiting.shift()!(this.connect());
  }

  private release(c: Conn): void {
    c.onData = undefined;
    c.onGone = undefined;
    if (this.closed || c.socket.destroyed) {
      c.socket.destroy();
      return;
    }
    c.idleSince = Date.now();
    c.socket.resume(); // a body that ended while its reader had paused the socket
    this.idle.push(c);
    this.handOver();
  }

  private closeStale(now: number): void {
    for (let i = this.idle.length - 1; i >= 0; i--) {
      const c = this.idle[i]!;
      if (now - c.idleSince >= this.idleMs) {
        this.idle.splice(i, 1);
        c.socket.destroy();
      }
    }
  }

  private exchange(c: Conn, r: Http1Request): Promise<Http1Response> {
    const reused = c.uses++ > 0;
    return new Promise<Http1Response>((resolve, reject) => {
      const body = new BodyQueue(() => c.socket.pause(), () => c.socket.resume());
      let head: ResponseHead | undefined;
      let settled = false;
      let finished = false;
      const fail = (e: Error) => {
        if (finished) return; // a late destroy() or timer: the socket may already serve another request
        finished = true;
        cleanup();
        c.socket.destroy();
        if (!settled) {
          settled = true;
          reject(e);
        } else body.fail(e);
      };
      const parser = new ResponseParser({
        head: (h) => {
          head = h;
          settled = true;
          resolve({ ...h, text: () => body.text(), chunks: () => body.chunks(), destroy: () => fail(new Http1NetworkError('response dropped', reused, true, true)) });
        },
        body: (b) => body.push(b),
        end: () => {
          finished = true;
          cleanup();
          body.end();
          if (head?.keepAlive) this.release(c);
          else c.socket.destroy();
        },
      });
      const timer = setTimeout(() => fail(new Http1NetworkError(`Timeout error: no answer in ${r.timeoutMs} ms`, reused, parser.started)), r.timeoutMs);
      const onAbort = () => fail(new Http1NetworkError('aborted', reused, parser.started, true));
      r.signal?.addEventListener('abort', onAbort, { once: true });
      function cleanup(): void {
        clearTimeout(timer);
        r.signal?.removeEventListener('abort', onAbort);
        c.onData = undefined;
        c.onGone = undefined;
      }
      c.onData = (b) => {
        try {
          parser.feed(b);
        } catch (e) {
          fail(e instanceof HttpProtocolError ? new Http1NetworkError(`ClickHouse answered malformed HTTP: ${e.message}`, reused, parser.started) : (e as Error));
        }
      };
      c.onGone = (e) => {
        if (finished) return;
        if (parser.closed()) return;
        fail(new Http1NetworkError(e?.message ?? (parser.started ? 'the connection closed before the whole answer arrived' : 'socket hang up'), reused, parser.started));
      };
      if (r.signal?.aborted) return onAbort();
      let head0 = `POST ${r.path} HTTP/1.1\r\nHost: ${this.target.host}\r\nConnection: keep-alive\r\nContent-Length: ${Buffer.byteLength(r.body)}\r\n`;
      for (const k in r.headers) head0 += `${k}: ${r.headers[k]}\r\n`;
      head0 += '\r\n';
      // One write (one syscall) for a statement; an INSERT's data follows its head in a corked second write.
      if (typeof r.body === 'string' && r.body.length < 65536) c.socket.write(head0 + r.body);
      else {
        c.socket.cork();
        c.socket.write(head0, 'latin1');
        c.socket.write(r.body);
        c.socket.uncork();
      }
    });
  }
}

/** Body bytes held for a reader before the socket stops reading (TCP then holds the server back). */
const HIGH_WATER = 1 << 20;

/**
 * A response body: pieces pushed by the parser, read whole or as an async stream. While more than
 * HIGH_WATER bytes wait for a streaming reader, the socket is paused.
 */
class BodyQueue {
  private readonly pieces: Buffer[] = [];
  private queued = 0;
  private paused = false;
  private ended = false;
  private error: Error | undefined;
  private wake: (() => void) | undefined;
  private taken = false;
  private whole = false;

  constructor(private readonly pause: () => void, private readonly resume: () => void) {}

  push(b: Buffer): void {
    // The parser hands views of buffers Node allocates per socket read (never reused): kept as they are.
    this.pieces.push(b);
    this.queued += b.length;
    if (!this.whole && !this.paused && this.queued > HIGH_WATER) {
      this.paused = true;
      this.pause();
    }
    this.notify();
  }

  end(): void {
    this.ended = true;
    this.notify();
  }

  fail(e: Error): void {
    this.error ??= e;
    this.notify();
  }

  private notify(): void {
    const w = this.wake;
    this.wake = undefined;
    w?.();
  }

  private take(): void {
    if (this.taken) throw new Error('a response body is read once');
    this.taken = true;
  }

  async text(): Promise<string> {
    this.take();
    this.whole = true;
    if (this.paused) {
      this.paused = false;
      this.resume();
    }
    while (!this.ended && this.error === undefined) await new Promise<void>((r) => (this.wake = r));
    if (this.error) throw this.error;
    return this.pieces.length === 1 ? this.pieces[0]!.toString('utf8') : Buffer.concat(this.pieces).toString('utf8');
  }

  async *chunks(): AsyncGenerator<Buffer> {
    this.take();
    for (;;) {
      if (this.pieces.length > 0) {
        const out = this.pieces.length === 1 ? this.pieces.pop()! : Buffer.concat(this.pieces.splice(0));
        this.queued = 0;
        if (this.paused) {
          this.paused = false;
          this.resume();
        }
        yield out;
        continue;
      }
      if (this.error) throw this.error;
      if (this.ended) return;
      await new Promise<void>((r) => (this.wake = r));
    }
  }
}
