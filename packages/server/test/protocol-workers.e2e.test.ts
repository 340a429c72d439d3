import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_DECODE_MIN_BYTES } from '../src/write/worker-decode.js';
import { buildPipelineWorker } from './build-cli.js';
import { startTestServer, type TestServer } from './start-server.js';

// Large line-protocol bodies are decoded (and, once the table exists, encoded) on the ingest workers. The rows they store must be exactly those the main thread stores for the same
// lines sent in small bodies (decoded on the main thread), into a second database.

async function sql(s: TestServer, q: string, db = 'public'): Promise<unknown[][]> {
  const res = await s.fetch(`/v1/sql?db=${db}`, { method: 'POST', body: new URLSearchParams({ sql: q }) });
  const body = (await res.json()) as { output?: { records?: { rows: unknown[][] } }[]; error?: string };
  if (!res.ok) throw new Error(`${q}: ${body.error}`);
  return body.output![0]!.records?.rows ?? [];
}

const encodedTotal = async (s: TestServer) => Number(/sluice_pipeline_worker_encoded_total (\d+)/.exec(await (await s.fetch('/metrics')).text())?.[1] ?? 0);

/** Lines of several series and every field type, out of order, with repeated times whose later line leaves fields out. */
function lines(from: number, n: number): string[] {
  const out: string[] = [];
  for (let i = from; i < from + n; i++) {
    const t = 1_700_000_000_000 + (n - (i - from)) * 1000;
    out.push(`cpu,host=h${i % 7},dc=a\\ b u=${i * 0.5},n=${i}i,ok=${i % 2 ? 't' : 'false'},s="x \\"${i}\\"",big=${9007199254740993n + BigInt(i)}u ${t}`);
    if (i % 5 === 0) out.push(`cpu,host=h${i % 7},dc=a\\ b u=-${i} ${t}`);
  }
  out.push(`mem,host=h1 free=${from}i 1700000000000`);
  return out;
}

/** The lines in bodies under the worker threshold (decoded on the main thread). */
function smallBodies(all: string[]): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  let size = 0;
  for (const l of all) {
    if (size + l.length + 1 >= WORKER_DECODE_MIN_BYTES / 2 && cur.length > 0) {
      out.push(cur.join('\n'));
      cur = [];
      size = 0;
    }
    cur.push(l);
    size += l.length + 1;
  }
  if (cur.length > 0) out.push(cur.join('\n'));
  return out;
}

describe('line-protocol bodies decoded on ingest workers', () => {
  let s: TestServer;
  const lp = (body: string, db: string) => s.fetch(`/v1/lineproto/write?db=${db}&precision=ms`, { method: 'POST', body });

  beforeAll(async () => {
    s = await startTestServer({ pipelineWorkers: 2, pipelineWorkerScript: await buildPipelineWorker() });
    expect((await sql(s, 'CREATE DATABASE here')).length).toBe(0);
  }, 60_000);
  afterAll(() => s.close());

  it('line protocol: the same rows as main-thread decoding, merged last_non_null; the second body is encoded on the worker', async () => {
    const first = lines(0, 400);
    const second = lines(200, 400);
    const big = first.join('\n');
    expect(big.length).toBeGreaterThan(WORKER_DECODE_MIN_BYTES);
    const before = await encodedTotal(s);
    expect((await lp(big, 'public')).status).toBe(204);
    expect((await lp(second.join('\n'), 'public')).status).toBe(204);
    // The second body found both tables: both encoded on a worker.
    expect(await encodedTotal(s)).toBe(before + 2);
    for (const b of smallBodies([...first, ...second])) expect((await lp(b, 'here')).status).toBe(204);
    const q = 'SELECT * FROM cpu ORDER BY host, service_timestamp';
    const worker = await sql(s, q);
    expect(worker.length).toBeGreaterThan(400);
    expect(worker).toEqual(await sql(s, q, 'here'));
    expect(await sql(s, 'SELECT * FROM mem ORDER BY service_timestamp')).toEqual(await sql(s, 'SELECT * FROM mem ORDER BY service_timestamp', 'here'));
  });

  it('line protocol: a bad line is a 400 naming it and nothing of the body is written; a type conflict too', async () => {
    const body = lines(1000, 300);
    body.splice(250, 0, 'cpu,host=z u=notanumber 1');
    const res = await lp(body.join('\n'), 'public');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^unable to parse 'cpu,host=z u=notanumber 1': invalid boolean \(line 251, column 14\)/);
    // A field whose type conflicts with the existing column (float): the store refuses the write, as for a small body.
    const conflict = lines(2000, 300).map((l) => l.replace(/ u=[^,]+/, ' u="text"'));
    const res2 = await lp(conflict.join('\n'), 'public');
    expect(res2.status).toBe(400);
    const small = await lp(conflict.slice(0, 3).join('\n'), 'here');
    expect(small.status).toBe(400);
    const message = ((await res2.json()) as { error: string }).error;
    expect(message).toMatch(/\bu\b/);
    expect(message).toBe(((await small.json()) as { error: string }).error.replace('here.cpu', 'public.cpu'));
    expect(await sql(s, "SELECT count(*) FROM cpu WHERE host = 'z' OR n >= 1000")).toEqual([[0]]);
  });
});
