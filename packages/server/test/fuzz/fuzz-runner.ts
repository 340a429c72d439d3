import { request } from 'node:http';
import { rng } from '../support/random.js';
import { fuzzRequest, type FuzzRequest, type Route } from './requests.js';
import { prepareBodies } from './bodies.js';

export interface FuzzOptions {
  readonly url: string;
  readonly routes: readonly Route[];
  readonly requests: number;
  readonly seed: number;
  readonly concurrency: number;
  /** Stop early once this much time has passed (the short run in `npm test`). */
  readonly timeBudgetMs?: number;
  /** A request not answered within this long is a hang. */
  readonly hangMs: number;
  /** Whether the server process still runs. */
  readonly alive: () => boolean;
}

export interface Finding {
  readonly what: '5xx' | 'hang' | 'connection' | 'crash';
  readonly status?: number;
  readonly kind: string;
  readonly method: string;
  readonly target: string;
  readonly detail: string;
}

export interface FuzzReport {
  readonly sent: number;
  readonly byStatus: Record<string, number>;
  readonly byKind: Record<string, number>;
  /** Requests sent per route of the table (`METHOD pattern`). */
  readonly byRoute: Record<string, number>;
  readonly findings: Finding[];
  readonly health: { readonly checks: number; readonly failures: number; readonly p50Ms: number; readonly p99Ms: number; readonly maxMs: number };
  readonly seconds: number;
  /** Requests the server answered early and then closed before reading all of it (over-limit headers, unread bodies). */
  readonly closedEarly: number;
  /** The slowest requests, to see what held the server. */
  readonly slowest: { readonly ms: number; readonly kind: string; readonly method: string; readonly target: string; readonly status: number | string }[];
}

/**
 * Node refuses header blocks over 16 KiB (431, then closes) and @hono/node-server stops draining a body
 * the handler did not read after 500 ms (then closes): a reset on such a request, while the server stays
 * up, is the server declining to read it, not a failure.
 */
const HEADER_LIMIT = 16 * 1024;
function mayCloseEarly(r: FuzzRequest): boolean {
  const head = r.target.length + Object.entries(r.headers).reduce((a, [k, v]) => a + k.length + v.length + 4, 0);
  const body = r.body === undefined ? 0 : typeof r.body === 'string' ? Buffer.byteLength(r.body) : r.body.length;
  return head > HEADER_LIMIT - 512 || body > 0;
}

/**
 * One request on a connection of its own (node:http, no keep-alive): a malformed request cannot be
 * blamed on a pooled connection the server was closing at that moment, and an abrupt close is the server's.
 */
function send(url: string, r: FuzzRequest, hangMs: number): Promise<{ status: number; text: string } | { error: string; hang: boolean }> {
  return new Promise((resolve) => {
    let hang = false;
    const req = request(url + r.target, { method: r.method, headers: r.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', (e) => {
        clearTimeout(timer);
        resolve({ error: e.message, hang });
      });
    });
    const timer = setTimeout(() => {
      hang = true;
      req.destroy(new Error(`no answer within ${hangMs} ms`));
    }, hangMs);
    req.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      // The server answered (413, 431) and closed before taking the whole body: that is an answer, not a failure.
      resolve({ error: `${e.code ?? ''} ${e.message}`, hang });
    });
    req.end(r.body === undefined ? undefined : Buffer.from(r.body));
  });
}

const pct = (xs: number[], p: number) => (xs.length === 0 ? 0 : xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!);

/** Sends generated malformed requests over every route while polling /health; collects 5xx, hangs and crashes. */
export async function runFuzz(o: FuzzOptions): Promise<FuzzReport> {
  const rnd = rng(o.seed);
  prepareBodies(); // before the clock and the /health probe start
  const started = Date.now();
  const findings: Finding[] = [];
  const byStatus: Record<string, number> = {};
  const byKind: Record<string, number> = {};
  const byRoute: Record<string, number> = {};
  let next = 0;
  let done = false;
  const latencies: number[] = [];
  let healthFailures = 0;
  let closedEarly = 0;
  const slowest: FuzzReport['slowest'][number][] = [];
  // SLUICE_FUZZ_TRACE=1: every request's start and end, to name what was in flight while /health was slowest.
  const trace: { t0: number; t1: number; what: string }[] | undefined = process.env['SLUICE_FUZZ_TRACE'] ? [] : undefined;

  const health = (async () => {
    while (!done) {
      const t0 = performance.now();
      const r = await send(o.url, { kind: 'health', method: 'GET', target: '/health', headers: {}, body: undefined }, o.hangMs);
      latencies.push(performance.now() - t0);
      trace?.push({ t0, t1: performance.now(), what: 'GET /health' });
      if (!('status' in r) || r.status !== 200) healthFailures++;
      await new Promise((res) => setTimeout(res, 100));
    }
  })();

  const worker = async () => {
    while (next < o.requests && (o.timeBudgetMs === undefined || Date.now() - started < o.timeBudgetMs)) {
      next++;
      const route = rnd.pick(o.routes);
      const req = fuzzRequest(rnd, route);
      byRoute[`${route.method} ${route.path}`] = (byRoute[`${route.method} ${route.path}`] ?? 0) + 1;
      byKind[req.kind] = (byKind[req.kind] ?? 0) + 1;
      const t0 = performance.now();
      const r = await send(o.url, req, o.hangMs);
      const where = { kind: req.kind, method: req.method, target: req.target.slice(0, 160) };
      trace?.push({ t0, t1: performance.now(), what: `${req.kind} ${req.method} ${where.target} (${req.body === undefined ? 0 : typeof req.body === 'string' ? req.body.length : req.body.length} bytes)` });
      slowest.push({ ms: Math.round(performance.now() - t0), ...where, target: where.target.slice(0, 100), status: 'status' in r ? r.status : r.error });
      slowest.sort((a, b) => b.ms - a.ms).splice(8);
      if ('status' in r) {
        byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
        if (r.status >= 500) findings.push({ what: '5xx', status: r.status, ...where, detail: r.text.slice(0, 300) });
      } else if (!r.hang && /ECONNRESET|EPIPE/.test(r.error) && mayCloseEarly(req) && o.alive()) {
        closedEarly++;
      } else if (!o.alive()) {
        findings.push({ what: 'crash', ...where, detail: r.error });
        return;
      } else {
        findings.push({ what: r.hang ? 'hang' : 'connection', ...where, detail: r.error });
      }
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, worker));
  done = true;
  await health;
  if (trace !== undefined) {
    const worst = trace.filter((x) => x.what === 'GET /health').sort((a, b) => b.t1 - b.t0 - (a.t1 - a.t0))[0];
    if (worst !== undefined) {
      const during = trace.filter((x) => x.t0 <= worst.t1 && x.t1 >= worst.t0 && x !== worst);
      console.log(`slowest /health ${Math.round(worst.t1 - worst.t0)} ms; in flight meanwhile:\n${during.map((x) => `  +${Math.round(x.t0 - worst.t0)} ms .. +${Math.round(x.t1 - worst.t0)} ms ${x.what}`).join('\n')}`);
    }
  }
  return {
    sent: next,
    byStatus,
    byKind,
    byRoute,
    findings,
    health: { checks: latencies.length, failures: healthFailures, p50Ms: Math.round(pct(latencies, 50)), p99Ms: Math.round(pct(latencies, 99)), maxMs: Math.round(Math.max(0, ...latencies)) },
    seconds: Math.round((Date.now() - started) / 1000),
    closedEarly,
    slowest,
  };
}
