import { SluiceError, StatusCode, type ColumnSchema, type ColumnType, type TableOptions, type Value } from '@sluice/pipeline-core';
import type { WriteRequest } from '@sluice/storage';
import type { LpFieldType, LpLine } from './line-protocol.js';

/** The time index of tables written by line protocol (GreptimeDB's `greptime_timestamp`). */
export const LP_TIME_INDEX = 'service_timestamp';

export type LpPrecision = 'ns' | 'us' | 'ms' | 's' | 'm' | 'h';

const NS_PER: Record<LpPrecision, bigint> = { ns: 1n, us: 1_000n, ms: 1_000_000n, s: 1_000_000_000n, m: 60_000_000_000n, h: 3_600_000_000_000n };

/** InfluxDB's `precision` parameter (v1 also accepts `n` and `u`); default nanoseconds. */
export function parsePrecision(value: string | undefined): LpPrecision {
  if (value === undefined || value === '') return 'ns';
  const v = value === 'n' ? 'ns' : value === 'u' || value === 'µ' ? 'us' : value;
  if (v in NS_PER) return v as LpPrecision;
  throw new SluiceError(StatusCode.InvalidArguments, `invalid precision '${value}': expected one of ns, us, ms, s, m, h`);
}

const COLUMN_TYPE: Record<LpFieldType, ColumnType> = { float: 'float64', integer: 'int64', unsigned: 'uint64', string: 'string', boolean: 'boolean' };

interface TableBuild {
  readonly columns: ColumnSchema[];
  readonly index: Map<string, number>;
  readonly rows: Value[][];
  /** Where each field column's type was first seen, for the conflict message. */
  readonly firstType: Map<string, LpFieldType>;
}

function refuse(line: LpLine, message: string): never {
  throw new SluiceError(StatusCode.InvalidArguments, `${message} (line ${line.lineNumber})`);
}

function columnFor(t: TableBuild, line: LpLine, name: string, semantic: 'tag' | 'field', type: ColumnType, lpType?: LpFieldType): number {
  if (name === LP_TIME_INDEX) {
    refuse(line, `invalid ${semantic === 'tag' ? 'tag key' : 'field name'}: input ${semantic} "${name}" on measurement "${line.measurement}" is invalid: '${LP_TIME_INDEX}' is the time index`);
  }
  let j = t.index.get(name);
  if (j === undefined) {
    j = t.columns.length;
    t.columns.push({ name, type, semantic });
    t.index.set(name, j);
    if (lpType !== undefined) t.firstType.set(name, lpType);
    return j;
  }
  const col = t.columns[j]!;
  if (col.semantic !== semantic) {
    refuse(line, `'${name}' is a ${col.semantic} of measurement "${line.measurement}" in this request and cannot also be a ${semantic}`);
  }
  if (col.type !== type) {
    refuse(line, `field type conflict: input field "${name}" on measurement "${line.measurement}" is type ${lpType!}, already exists as type ${t.firstType.get(name)!}`);
  }
  return j;
}

/**
 * One write per measurement: tags become String tag columns, fields become field columns
 * (float → Float64, `i` → Int64, `u` → UInt64, strings, booleans) and the timestamp the
 * nanosecond time index `service_timestamp`. Lines without a timestamp get `nowNs`.
 */
export function lineProtocolToWrites(
  lines: readonly LpLine[],
  opts: { readonly db: string; readonly precision: LpPrecision; readonly nowNs: bigint; readonly options: TableOptions },
): WriteRequest[] {
  const tables = new Map<string, TableBuild>();
  const scale = NS_PER[opts.precision];
  for (const line of lines) {
    let t = tables.get(line.measurement);
    if (t === undefined) {
      t = { columns: [{ name: LP_TIME_INDEX, type: 'timestamp_ns', semantic: 'timestamp' }], index: new Map([[LP_TIME_INDEX, 0]]), rows: [], firstType: new Map() };
      tables.set(line.measurement, t);
    }
    const row: Value[] = [];
    row[0] = line.timestamp === undefined ? opts.nowNs : line.timestamp * scale;
    for (let i = 0; i < line.tags.length; i += 2) row[columnFor(t, line, line.tags[i]!, 'tag', 'string')] = line.tags[i + 1]!;
    for (let i = 0; i < line.fieldKeys.length; i++) {
      const type = line.fieldTypes[i]!;
      row[columnFor(t, line, line.fieldKeys[i]!, 'field', COLUMN_TYPE[type], type)] = line.fieldValues[i]!;
    }
    t.rows.push(row);
  }
  const out: WriteRequest[] = [];
  for (const [table, t] of tables) {
    const width = t.columns.length;
    for (const row of t.rows) {
      for (let j = 0; j < width; j++) if (row[j] === undefined) row[j] = null;
      row.length = width;
    }
    out.push({ db: opts.db, table, schema: t.columns, rows: t.rows, options: opts.options });
  }
  return out;
}
