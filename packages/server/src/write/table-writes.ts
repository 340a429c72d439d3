import type { TableOptions } from '@sluice/pipeline-core';
import type { WriteRequest } from '@sluice/storage';
import type { RunTable } from '../pipelines/compiler.js';

/**
 * A pipeline's output tables as store writes into `db`: each non-empty table goes to `table` plus the
 * suffix the pipeline set (a dispatcher's), with the options `options` gives it. A table encoded on a
 * pipeline worker keeps its encoded form, and its rows are only unpacked if the store asks for them.
 */
export function tableWrites(tables: readonly RunTable[], db: string, table: string, options: (t: RunTable) => TableOptions): WriteRequest[] {
  return tables
    .filter((t) => (t.count ?? t.rows.length) > 0)
    .map((t) => ({
      db,
      table: table + t.suffix,
      schema: t.schema,
      options: options(t),
      ...(t.encoded !== undefined ? { encoded: t.encoded } : {}),
      // A getter: a store that writes the encoded form never builds the rows.
      get rows() {
        return t.rows;
      },
    }));
}
