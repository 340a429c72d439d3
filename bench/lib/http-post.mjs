// The benches' ingest client: POSTs through node:http with a keep-alive agent. It shares the machine's
// cores with the servers it measures, and costs far less CPU per request than Node's fetch (on 1M nginx
// lines in 1,000-line bodies: 1.4-1.6 CPU-s against fetch's 3.4-3.7, bench/ingest-focus.mjs), so the
// servers' figures say less about the client. SLUICE_BENCH_CLIENT=fetch uses fetch, as runs before
// 2026-11-29 (seventh session) did.
import { Agent, request } from 'node:http';

const USE_FETCH = process.env.SLUICE_BENCH_CLIENT === 'fetch';

/** The client's name for reports. */
export const CLIENT_NAME = USE_FETCH ? "Node's fetch" : 'node:http, keep-alive';

/** A poster for up to `sockets` requests in flight: `post(url, body, contentType)` gives [status, body text]. */
export function httpPoster(sockets) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  return async function post(url, body, contentType = 'text/plain') {
    if (USE_FETCH) {
      const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': contentType } });
      return [res.status, await res.text()];
    }
    return new Promise((resolve, reject) => {
      const req = request(url, { method: 'POST', agent, headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve([res.statusCode, text]));
      });
      req.on('error', reject);
      req.end(body);
    });
  };
}
