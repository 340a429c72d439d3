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

  finish(): PipelineTable[] {
    return [...this.tables.values()].filter((t) => t.rows.length > 0).map((t) => t.finish());
  }
}
