import { SluiceError, StatusCode, type ColumnSchema, type Value } from '@sluice/pipeline-core';
import type { InsertStatement } from '../ast/statement.js';
import { ColumnNotFoundError as TableColumnNotFoundError } from '@sluice/storage';
import { ColumnNotFoundError, SqlInvalidArgumentError, SqlPlanError, SqlUnsupportedError } from '../errors.js';
import { compileExpr } from '../expr/compile.js';
import type { Compiled } from '../expr/compiled.js';
import { collectBatches } from '../expr/relation.js';
import { runQuery } from '../planner/plan-query.js';
import { resolveTable } from '../planner/source.js';
import { castToColumn } from '../types/logical-type.js';
import { Interval, isTimestampType, type SqlType, type SqlValue } from '../types/sql-value.js';
import { affected, queryEnv, type Executor } from './session.js';

/** INSERT INTO t [(cols)] VALUES (...), ... | SELECT ...: values are cast to the column types. */
export const executeInsert: Executor<InsertStatement> = async (stmt, s) => {
  const env = queryEnv(s);
  const t = resolveTable(env, stmt.table.db, stmt.table.name);
  const names = stmt.columns ?? t.columns.map((c) => c.name);
  const cols = names.map((n) => {
    const c = t.columns.find((x) => x.name === n) ?? t.columns.find((x) => x.name.toLowerCase() === n.toLowerCase());
    // GreptimeDB's insert: `Column x not found in table t` (4002, TableColumnNotFound).
    if (!c) throw new TableColumnNotFoundError(t.name, n);
    return c;
  });
  if (new Set(cols.map((c) => c.name)).size !== cols.length) throw new SqlInvalidArgumentError(`INSERT INTO ${t.name}: a column is listed twice`);
  // INSERT ... SELECT: the query's width is checked first (a plan error in GreptimeDB), then missing values.
  const rel = stmt.query ? await runQuery(stmt.query, env) : undefined;
  if (rel && rel.fields.length !== cols.length) throw new SqlPlanError(`INSERT INTO ${t.name}: Column count doesn't match insert query! (${cols.length} columns, the query returns ${rel.fields.length})`);
  for (const c of t.columns) {
    if (!cols.includes(c) && !c.nullable && c.default === undefined && c.defaultFunction === undefined) {
      throw new SqlInvalidArgumentError(`INSERT INTO ${t.name}: column '${c.name}'${c.name === t.timeIndex ? ' (time index)' : ''} needs a value`);
    }
  }
  let raw: { values: SqlValue[]; types: SqlType[] }[];
  if (rel) {
    const b = await collectBatches(rel, env.ctx.exec, 'INSERT ... SELECT');
    const types = rel.fields.map((f) => f.type);
    raw = Array.from({ length: b.length }, (_, i) => ({ values: b.columns.map((c) => c[i]!), types }));
  } else {
    raw = stmt.rows!.map((row, r) => {
      if (row.length !== cols.length) throw new SqlInvalidArgumentError(`INSERT INTO ${t.name}: column count mismatch, columns: ${cols.length}, values: ${row.length} (row ${r + 1})`);
      const compiled = row.map((e, j) => {
        if (e === 'default') {
          const c = cols[j]!;
          if (c.defaultFunction !== undefined) return { type: 'timestamp_ns', constant: { value: s.ctx.nowNs }, eval: () => [] } satisfies Compiled;
          if (c.default === undefined && !c.nullable) throw new SqlInvalidArgumentError(`INSERT INTO ${t.name}: No valid default value can be built automatically, column: ${c.name}`);
          return { type: c.type, constant: { value: c.default ?? null }, eval: () => [] } satisfies Compiled;
        }
        if (e.kind === 'column' && e.doubleQuoted && e.table === undefined) return { type: 'string', constant: { value: e.name }, eval: () => [] } satisfies Compiled;
        try {
          return compileExpr(e, { fields: [], ctx: s.ctx });
        } catch (err) {
          if (err instanceof ColumnNotFoundError) throw new SqlInvalidArgumentError(`INSERT INTO ${t.name}: row ${r + 1}, column '${cols[j]!.name}': value must be a constant, not a column reference`);
          throw err;
        }
      });
      compiled.forEach((c, j) => {
        if (!c.constant) throw new SqlInvalidArgumentError(`INSERT INTO ${t.name}: row ${r + 1}, column '${cols[j]!.name}': value must be a constant`);
      });
      return { values: compiled.map((c) => c.constant!.value), types: compiled.map((c) => c.type) };
    });
  }
  const rows: Value[][] = raw.map(({ values, types }, r) =>
    values.map((v, j) => {
      const c = cols[j]!;
      if (v === null) {
        if (!c.nullable) throw new SqlInvalidArgumentError(`INSERT INTO ${t.name}: row ${r + 1}, column '${c.name}' cannot be NULL`);
        return null;
      }
      if (v instanceof Interval) throw new SqlInvalidArgumentError(`INSERT INTO ${t.name}: column '${c.name}' cannot take an interval`);
      try {
        return castToColumn(v, types[j]!, c, s.ctx.timezone);
      } catch (e) {
        // What the column cannot hold at all (a non-object JSON2 value) keeps its own code.
        if (e instanceof SqlUnsupportedError) throw new SqlUnsupportedError(`INSERT INTO ${t.name}: row ${r + 1}, column '${c.name}': ${e.message}`);
        // GreptimeDB parses a string for a timestamp column as it plans the INSERT: a syntax error (2000).
        if (typeof v === 'string' && isTimestampType(c.type)) throw new SluiceError(StatusCode.InvalidSyntax, `INSERT INTO ${t.name}: row ${r + 1}, column '${c.name}': Failed to parse value: Failed to parse ${v} to Timestamp value`);
        throw new SqlInvalidArgumentError(`INSERT INTO ${t.name}: row ${r + 1}, column '${c.name}': ${(e as Error).message}`);
      }
    }),
  );
  if (rows.length === 0) return affected(0);
  // Columns left out whose default is computed (`DEFAULT now()`): the statement's start time.
  for (const c of t.columns) {
    if (c.defaultFunction === undefined || cols.includes(c)) continue;
    const v = castToColumn(s.ctx.nowNs, 'timestamp_ns', c, s.ctx.timezone);
    cols.push(c);
    for (const row of rows) row.push(v);
  }
  // A time index left out takes its constant default (`ts TIMESTAMP DEFAULT 0`): the store needs every row's time.
  const ti = t.columns.find((c) => c.name === t.timeIndex);
  if (ti && !cols.includes(ti) && ti.default !== undefined && ti.default !== null) {
    cols.push(ti);
    for (const row of rows) row.push(ti.default);
  }
  const schema: ColumnSchema[] = cols.map((c) => ({ name: c.name, type: c.type, semantic: c.semantic, ...(c.index ? { index: c.index } : {}) }));
  const [res] = await s.store.write([{ db: t.db, table: t.name, schema, rows }]);
  return affected(res?.affectedRows ?? rows.length);
};
