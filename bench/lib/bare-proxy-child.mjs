// The floor of any Node server in front of ClickHouse on this machine: a bare node:http server that takes a
// ClickHouse statement (the request body), sends it over a keep-alive node:http agent, and answers its rows
// in GreptimeDB's JSON shape — no SQL, no planning, no middleware. `node bare-proxy-child.mjs <clickhouse url>`
// prints `READY <url>` and serves until SIGTERM.
import http from 'node:http';

const ch = new URL(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const server = http.createServer((req, res) => {
  const body = [];
  req.on('data', (c) => body.push(c));
  req.on('end', () => {
    const sql = `${Buffer.concat(body).toString()}\nFORMAT TabSeparated`;
    const out = http.request({ hostname: ch.hostname, port: ch.port, method: 'POST', path: '/', agent, headers: { 'content-length': Buffer.byteLength(sql) } }, (cr) => {
      const chunks = [];
      cr.on('data', (c) => chunks.push(c));
      cr.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        if (cr.statusCode !== 200) {
          res.writeHead(400, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ error: text }));
        }
        const rows = text === '' ? [] : text.replace(/\n$/, '').split('\n').map((l) => l.split('\t').map((f) => (f === '\\N' ? null : /^-?\d+(\.\d+)?(e[-+]?\d+)?$/.test(f) ? Number(f) : f)));
        const json = JSON.stringify({ output: [{ records: { rows, total_rows: rows.length } }], execution_time_ms: 0 });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
        res.end(json);
      });
    });
    out.on('error', (e) => {
      res.writeHead(502);
      res.end(String(e));
    });
    out.end(sql);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`READY http://127.0.0.1:${server.address().port}\n`));
process.once('SIGTERM', () => process.exit(0));
