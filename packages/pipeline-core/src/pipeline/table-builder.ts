import { TransformError } from '../errors/index.js';
import type { ColumnSchema, ColumnType } from '../schema/column-type.js';
import type { TableOptions } from '../table/table-options.js';
import type { Value } from '../value/value.js';
import type { PipelineTable } from './types.js';

/** An empty growable array whose elements stay boxed (a double stored in it keeps its NaN payload). */
function boxedColumn(nulls: number): Value[] {
  const a: Value[] = [null];
  a.pop();
  for (let i = 0; i < nulls; i++) a.push(null);
  return a;
}

/**
 * The rows of one output table being built by a run, stored column by column (one array of values per
 * column, every column `count` long). Columns are added as rows bring them (in first-seen order), filled
 * with nulls for the rows before them. The table handed out keeps the columns (`PipelineTable.columns`)
 * and builds row arrays only if `rows` is read.
 */
export class TableBuilder {
  readonly columns: ColumnSchema[] = [];
  /** Values by column, then row. Replaced (not cleared) by `release()`: the ones handed out belong to the caller. */
  cols: Value[][] = [];
  /** Rows written. */
  count = 0;
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
    this.cols.push(boxedColumn(this.count));
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

  /**
   * Whether `layoutKey` is the fixed layout bound last (a row of it was pushed) and its columns are all
   * the table's, in order: then the caller may write a row's values straight into `cols` (see `endRow`).
   */
  isBound(layoutKey: unknown, width: number): boolean {
    return this.layoutKey === layoutKey && this.layoutMap === undefined && this.cols.length === width;
  }

  /** Pushes a row produced by a fixed layout. */
  pushFixed(layoutKey: unknown, schema: readonly ColumnSchema[], values: readonly Value[]): void {
    if (this.layoutKey !== layoutKey) this.bindLayout(layoutKey, schema);
    const map = this.layoutMap;
    if (map === undefined) {
      this.pushRow(values);
      return;
    }
    const row: Value[] = new Array(this.columns.length).fill(null);
    for (let i = 0; i < map.length; i++) row[map[i]!] = values[i]!;
    this.pushRow(row);
  }

  /** Pushes one value per column (null for the columns past the end of `row`). */
  pushRow(row: readonly Value[]): void {
    const cols = this.cols;
    const n = Math.min(row.length, cols.length);
    for (let j = 0; j < n; j++) cols[j]!.push(row[j]!);
    for (let j = n; j < cols.length; j++) cols[j]!.push(null);
    this.count++;
  }

  /** A row whose values were pushed straight into `cols` is complete. */
  endRow(): void {
    this.count++;
  }

  /** Drops the rows from `count` on (and values pushed for a row that was not completed). */
  truncate(count: number): void {
    for (const c of this.cols) c.length = count;
    this.count = count;
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

  /** Lets go of the values handed out (the builder is only kept for its hidden class, see ShapeKeeper). */
  release(): void {
    this.cols = this.cols.map(() => boxedColumn(0));
    this.count = 0;
  }

  /** Hands the table out. */
  finish(): PipelineTable {
    return columnarTable(this.suffix, this.options, this.columns, this.cols, this.count);
  }
}

/**
 * A PipelineTable over columns: `columns` and `count` are there for consumers that read column by
 * column (not enumerable, so the table still looks like `{ suffix, options, schema, rows }`), and `rows`
 * is built from them on first use.
 */
export function columnarTable(suffix: string, options: TableOptions, schema: ColumnSchema[], columns: Value[][], count: number): PipelineTable {
  let rows: Value[][] | undefined;
  const t = {
    suffix,
    options,
    schema,
    get rows(): Value[][] {
      if (rows === undefined) {
        rows = new Array(count);
        const w = columns.length;
        for (let i = 0; i < count; i++) {
          const row: Value[] = new Array(w);
          for (let j = 0; j < w; j++) row[j] = columns[j]![i]!;
          rows[i] = row;
        }
      }
      return rows;
    },
  };
  Object.defineProperty(t, 'columns', { value: columns });
  Object.defineProperty(t, 'count', { value: count });
  return t as PipelineTable;
}
