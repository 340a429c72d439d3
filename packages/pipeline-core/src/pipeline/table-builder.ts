import { TransformError } from '../errors/index.js';
import type { ColumnSchema, ColumnType } from '../schema/column-type.js';
import type { TableOptions } from '../table/table-options.js';
import type { Value } from '../value/value.js';
import type { PipelineTable } from './types.js';

/**
 * The rows of one output table being built by a run. Columns are added as rows bring them (in
 * first-seen order); rows shorter than the final schema are padded with nulls by `finish()`.
 */
export class TableBuilder {
  readonly columns: ColumnSchema[] = [];
  /** Replaced (not cleared) by `release()`: the rows handed out by `finish()` belong to the caller. */
  rows: Value[][] = [];
  private readonly byName = new Map<string, number>();
  /** Columns whose type was inferred from values (they may widen int64 → float64). */
  private readonly inferred = new Set<number>();
  private timeIndex: string | undefined;
  /** The last fixed layout pushed and where its columns sit (undefined: same positions). */
  private layoutKey: unknown = undefined;
  private layoutMap: number[] | undefined;

  constructor(
    readonly suffix: string,
    readonly options: TableOptions,
  ) {}

  indexOf(name: string): number {
    return this.byName.get(name) ?? -1;
  }

  /** Checks that `type` may go into the existing column `idx`; throws a TransformError naming both types. */
  check(idx: number, type: ColumnType, inferred: boolean): void {
    const have = this.columns[idx]!.type;
    if (have === type) return;
    if (inferred && (type === 'int64' || type === 'float64') && (have === 'int64' || have === 'float64') && this.inferred.has(idx)) return;
    throw new TransformError(this.columns[idx]!.name, `type conflict: the column is ${have} but this record has a ${type} value`);
  }

  /** Checks that a new column may be added (one time index per table). */
  checkNew(schema: ColumnSchema): void {
    if (schema.semantic === 'timestamp' && this.timeIndex !== undefined && this.timeIndex !== schema.name) {
      throw new TransformError(schema.name, `a table has exactly one time index, and this one already has '${this.timeIndex}'`);
    }
  }

  add(schema: ColumnSchema, inferred: boolean): number {
    this.checkNew(schema);
    const idx = this.columns.length;
    this.columns.push(schema);
    this.byName.set(schema.name, idx);
    if (inferred) this.inferred.add(idx);
    if (schema.semantic === 'timestamp') this.timeIndex = schema.name;
    return idx;
  }

  /** After `check` passed for an inferred float into an inferred int64 column. */
  widen(idx: number, type: ColumnType): void {
    const c = this.columns[idx]!;
    if (c.type === 'int64' && type === 'float64') this.columns[idx] = { ...c, type: 'float64' };
  }

  /** Pushes a row produced by a fixed layout (a transform without inferred columns). */
  pushFixed(layoutKey: unknown, schema: readonly ColumnSchema[], values: Value[]): void {
    if (this.layoutKey !== layoutKey) this.bindLayout(layoutKey, schema);
    const map = this.layoutMap;
    if (map === undefined) {
      this.rows.push(values);
      return;
    }
    const row: Value[] = new Array(this.columns.length).fill(null);
    for (let i = 0; i < map.length; i++) row[map[i]!] = values[i]!;
    this.rows.push(row);
  }

  private bindLayout(layoutKey: unknown, schema: readonly ColumnSchema[]): void {
    for (const s of schema) {
      const idx = this.indexOf(s.name);
      if (idx >= 0) this.check(idx, s.type, false);
      else this.checkNew(s);
    }
    const map = schema.map((s) => {
      const idx = this.indexOf(s.name);
      return idx >= 0 ? idx : this.add(s, false);
    });
    const identity = map.length === this.columns.length && map.every((m, i) => m === i);
    this.layoutKey = layoutKey;
    this.layoutMap = identity ? undefined : map;
  }

  /** Lets go of the rows handed out (the builder is only kept for its hidden class, see ShapeKeeper). */
  release(): void {
    this.rows = [];
  }

  /** Pads short rows with nulls and hands the table out. */
  finish(): PipelineTable {
    const n = this.columns.length;
    // Rows are written without holes; only rows from before a column was added are short.
    for (const row of this.rows) while (row.length < n) row.push(null);
    return { suffix: this.suffix, options: this.options, schema: this.columns, rows: this.rows };
  }
}
