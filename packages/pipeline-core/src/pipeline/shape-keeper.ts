import type { Doc } from '../value/value.js';
import type { TableCollector } from './table-collector.js';

/**
 * Keeps the hidden classes of a pipeline's last run alive until its next run, holding no data.
 *
 * V8 discards optimized code when a hidden class it embeds dies in a full GC. A run's text records
 * and output tables are all garbage once the caller drops the result, and the hidden classes of the
 * records (one per sequence of fields written) and of the table builders die with them: every full
 * GC between two runs threw the run loop's optimized code away (measured on the nginx bench: the
 * 200k lines after a forced GC ran ~10% slower). Keeping one text record — its string and object
 * values cleared — and the emptied output tables of the last run avoids that.
 */
export class ShapeKeeper {
  private record: Doc | undefined;
  private tables: TableCollector | undefined;

  /**
   * Call once a run's tables are handed out. `record` must be a record the run created itself (a
   * text record that reached the transform): its string and object fields are cleared here.
   */
  keep(record: Doc | undefined, tables: TableCollector): void {
    if (record !== undefined) {
      // Numbers and booleans stay (a different kind of value would change the hidden class).
      for (const key in record) {
        const v = record[key];
        if (typeof v === 'string' || (typeof v === 'object' && v !== null)) record[key] = null;
      }
      this.record = record;
    }
    tables.release();
    this.tables = tables;
  }
}
