import type { TableOptions } from '../table/table-options.js';
import { TableBuilder } from './table-builder.js';
import type { PipelineTable } from './types.js';

const NO_OPTIONS: TableOptions = Object.freeze({});

/** The output tables of one run, keyed by suffix and table options, in first-seen order. */
export class TableCollector {
  private readonly tables = new Map<string, TableBuilder>();
  private plain: TableBuilder | undefined;

  /** `optionsKey` is a canonical text of `options` ('' when there are none). */
  table(suffix: string, options: TableOptions | undefined, optionsKey: string): TableBuilder {
    if (suffix === '' && optionsKey === '') {
      if (this.plain !== undefined) return this.plain;
    }
    const key = `${suffix}\u0000${optionsKey}`;
    let t = this.tables.get(key);
    if (t === undefined) {
      t = new TableBuilder(suffix, options ?? NO_OPTIONS);
      this.tables.set(key, t);
    }
    if (suffix === '' && optionsKey === '') this.plain = t;
    return t;
  }

  /** The row counts of every table so far (see `rollback`). */
  mark(): Map<TableBuilder, number> {
    const m = new Map<TableBuilder, number>();
    for (const t of this.tables.values()) m.set(t, t.rows.length);
    return m;
  }

  /** Removes the rows written since `mark` (tables created since then end up empty and are left out). */
  rollback(mark: Map<TableBuilder, number>): void {
    for (const t of this.tables.values()) t.rows.length = mark.get(t) ?? 0;
  }

  /** Lets go of every table's rows (after `finish`: the caller owns them). */
  release(): void {
    for (const t of this.tables.values()) t.release();
  }

  finish(): PipelineTable[] {
    return [...this.tables.values()].filter((t) => t.rows.length > 0).map((t) => t.finish());
  }
}
