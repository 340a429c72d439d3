import { currentDb, getJson, postForm } from './api.js';
import { promResultSet, type ResultSet } from './result.js';

interface SqlOutput {
  records?: { schema: { column_schemas: { name: string; data_type: string }[] }; rows: unknown[][] };
  affectedrows?: number;
}

/** Runs SQL (`POST /v1/sql`) in the current database; one ResultSet per statement. */
export async function runSql(sql: string, db = currentDb()): Promise<{ results: ResultSet[]; ms: number }> {
  const body = await postForm<{ output: SqlOutput[]; execution_time_ms: number }>('/v1/sql', { sql, db });
  const results = body.output.map((o): ResultSet => {
    if (o.records !== undefined) return { columns: o.records.schema.column_schemas.map((c) => ({ name: c.name, type: c.data_type })), rows: o.records.rows };
    return { columns: [], rows: [], affectedRows: o.affectedrows ?? 0 };
  });
  return { results, ms: body.execution_time_ms };
}

/** The rows of one SELECT as objects (for the panels' own lookups). */
export async function sqlObjects(sql: string, db = currentDb()): Promise<Record<string, unknown>[]> {
  const rs = (await runSql(sql, db)).results[0];
  if (rs === undefined) return [];
  return rs.rows.map((r) => Object.fromEntries(rs.columns.map((c, i) => [c.name, r[i]])));
}

/** A SQL string literal. */
export const sqlString = (s: string): string => `'${s.replace(/'/g, "''")}'`;
/** A quoted SQL identifier. */
export const sqlIdent = (s: string): string => `"${s.replace(/"/g, '""')}"`;

export interface PromMatrix {
  resultType: string;
  result: unknown;
}

const PROM = '/v1/metricsapi/api/v1';

/** `query_range` over [start, end] (seconds) with `step` seconds, through the Prometheus HTTP API. */
export async function promRange(query: string, start: number, end: number, step: number): Promise<PromMatrix> {
  return (await postForm<{ data: PromMatrix }>(`${PROM}/query_range`, { query, start, end, step, db: currentDb() })).data;
}

export async function promInstant(query: string, time: number): Promise<PromMatrix> {
  return (await postForm<{ data: PromMatrix }>(`${PROM}/query`, { query, time, db: currentDb() })).data;
}

export async function promResult(query: string, range: { start: number; end: number; step: number } | undefined): Promise<{ data: PromMatrix; table: ResultSet }> {
  const data = range ? await promRange(query, range.start, range.end, range.step) : await promInstant(query, Date.now() / 1000);
  return { data, table: promResultSet(data.resultType, data.result) };
}

export async function metricNames(): Promise<string[]> {
  return (await getJson<{ data: string[] }>(`${PROM}/label/__name__/values?db=${encodeURIComponent(currentDb())}`)).data;
}

export async function seriesOf(match: string, start: number, end: number): Promise<Record<string, string>[]> {
  return (await postForm<{ data: Record<string, string>[] }>(`${PROM}/series`, { 'match[]': match, start, end, db: currentDb() })).data;
}

/** A step that gives about `points` points over the range (at least 1 s). */
export function autoStep(start: number, end: number, points = 240): number {
  return Math.max(1, Math.ceil((end - start) / points));
}

/** The user tables of a database (`information_schema.tables`). */
export async function listTables(db = currentDb()): Promise<string[]> {
  const rows = await sqlObjects(`SELECT table_name FROM information_schema.tables WHERE table_schema = ${sqlString(db)} AND table_type = 'BASE TABLE' ORDER BY table_name`, db);
  return rows.map((r) => String(r.table_name));
}

export interface ColumnInfo {
  readonly name: string;
  readonly type: string;
  readonly semantic: string;
}

export async function tableColumns(table: string, db = currentDb()): Promise<ColumnInfo[]> {
  const rows = await sqlObjects(
    `SELECT column_name, data_type, semantic_type FROM information_schema.columns WHERE table_schema = ${sqlString(db)} AND table_name = ${sqlString(table)}`,
    db,
  );
  return rows.map((r) => ({ name: String(r.column_name), type: String(r.data_type), semantic: String(r.semantic_type ?? '') }));
}
