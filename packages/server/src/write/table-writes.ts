import type { TableOptions } from '@sluice/pipeline-core';
import type { WriteRequest } from '@sluice/storage';
import type { RunTable } from '../pipelines/compiler.js';

/**
 * A pipeline's output tables as store writes into `db`: each non-empty table goes to `table` plus the
 * suffix the pipeline set (a dispatcher's), with the options `options` gives it.
 */
export function tableWrites(tables: readonly RunTable[], db: string, table: string, options: (t: RunTable) => TableOptions): WriteRequest[] {
  return tables.filter((t) => t.rows.length > 0).map((t) => ({ db, table: table + t.suffix, schema: t.schema, rows: t.rows, options: options(t) }));
}
