/**
 * Every write path the crash harness drives, one entry each. A path sends rows `{ id, ts }` and they
 * must land in `table` with the id in a string column `id` (the harness reads `SELECT id FROM table`).
 * A protocol endpoint plugs in with one entry: its name, its table, an optional `prepare` (create a
 * table, upload a pipeline) and `send` (encode the rows in its wire format and POST them).
 */
export interface CrashRow {
  /** Unique across the whole run. */
  readonly id: string;
  /** Milliseconds since the epoch, unique across the whole run (rows never merge by key). */
  readonly ts: number;
}

export interface WritePath {
  readonly name: string;
  readonly table: string;
  /** Once, on the fresh data home, before any round. */
  prepare?(url: string): Promise<void>;
  send(url: string, rows: readonly CrashRow[]): Promise<Response>;
}

async function sql(url: string, statement: string): Promise<Response> {
  return fetch(`${url}/v1/sql`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ sql: statement }) });
}

async function mustSucceed(res: Promise<Response>, what: string): Promise<void> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${await r.text()}`);
}

const LINES_PIPELINE = `processors:
  - dissect:
      field: message
      patterns: ['%{id} %{ts}']
  - epoch:
      field: ts
      resolution: ms
transform:
  - field: id
    type: string
  - field: ts
    type: epoch, ms
    index: timestamp
`;

export const WRITE_PATHS: readonly WritePath[] = [
  {
    name: 'pipeline service_identity (JSON)',
    table: 'crash_identity',
    send: (url, rows) =>
      fetch(`${url}/v1/ingest?table=crash_identity&pipeline_name=service_identity`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(rows.map((r) => ({ id: r.id, n: r.ts }))),
      }),
  },
  {
    name: 'pipeline dissect + epoch (text lines)',
    table: 'crash_lines',
    prepare: (url) => mustSucceed(fetch(`${url}/v1/pipelines/crash_lines`, { method: 'POST', headers: { 'content-type': 'application/x-yaml' }, body: LINES_PIPELINE }), 'upload crash_lines'),
    send: (url, rows) =>
      fetch(`${url}/v1/ingest?table=crash_lines&pipeline_name=crash_lines`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: rows.map((r) => `${r.id} ${r.ts}`).join('\n'),
      }),
  },
  {
    name: 'SQL INSERT (row layout)',
    table: 'crash_sql',
    prepare: (url) => mustSucceed(sql(url, 'CREATE TABLE crash_sql (ts TIMESTAMP TIME INDEX, id STRING, v DOUBLE)'), 'create crash_sql'),
    send: (url, rows) => sql(url, `INSERT INTO crash_sql (ts, id, v) VALUES ${rows.map((r) => `(${r.ts}, '${r.id}', 1.5)`).join(', ')}`),
  },
  {
    name: 'SQL INSERT (append mode)',
    table: 'crash_sql_append',
    prepare: (url) => mustSucceed(sql(url, "CREATE TABLE crash_sql_append (ts TIMESTAMP TIME INDEX, id STRING, v DOUBLE) WITH (append_mode = 'true')"), 'create crash_sql_append'),
    send: (url, rows) => sql(url, `INSERT INTO crash_sql_append (ts, id, v) VALUES ${rows.map((r) => `(${r.ts}, '${r.id}', 2.5)`).join(', ')}`),
  },
];
