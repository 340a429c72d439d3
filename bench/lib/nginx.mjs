// Generated nginx access logs and the nginx pipeline, shared by the pipeline and server benches.

/** A small deterministic PRNG (`rand(n)` → 0..n-1), so every run measures the same lines. */
export function createRand(seed = 42) {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % n;
  };
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const methods = ['GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE'];
export const paths = ['/', '/index.html', '/api/v1/users', '/api/v1/orders?id=42', '/static/app.js', '/favicon.ico'];
const agents = ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36', 'curl/8.5.0', 'Go-http-client/1.1'];
const pad = (n) => String(n).padStart(2, '0');

/**
 * `count` combined-log lines in time order, one every 10 ms from 2024-03-01, as access logs arrive
 * (scattered random dates would cut every write into one-row chunks in the store; see docs/storage.md).
 */
export function nginxLines(count, rand = createRand()) {
  const t0 = Date.UTC(2024, 2, 1);
  return Array.from({ length: count }, (_, i) => {
    const t = new Date(t0 + 10 * i);
    const ts = `${pad(t.getUTCDate())}/${months[t.getUTCMonth()]}/${t.getUTCFullYear()}:${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())} +0000`;
    const ip = `${10 + rand(200)}.${rand(256)}.${rand(256)}.${rand(256)}`;
    return `${ip} - - [${ts}] "${methods[rand(methods.length)]} ${paths[rand(paths.length)]} HTTP/1.1" ${[200, 200, 200, 304, 404, 500][rand(6)]} ${rand(50_000)} "-" "${agents[rand(agents.length)]}"`;
  });
}

/** dissect + date + declared transform. */
export const NGINX_PIPELINE = `processors:
  - dissect:
      field: message
      patterns:
        - '%{ip} - %{user} [%{ts}] "%{method} %{path} %{protocol}" %{status} %{size} "%{referrer}" "%{agent}"'
  - date:
      field: ts
      formats: ["%d/%b/%Y:%H:%M:%S %z"]
transform:
  - fields: [ip, method]
    type: string
    index: inverted
  - fields: [path, agent, referrer]
    type: string
  - field: status
    type: uint16
  - field: size
    type: uint64
  - field: ts
    type: time
    index: timestamp
`;
