import { SluiceError, StatusCode, type ColumnSchema, type ColumnType, type TableOptions, type Value } from '@sluice/pipeline-core';
import type { WriteRequest } from '@sluice/storage';
import { scanLineProtocol, type LpFieldType, type LpFieldValue, type LpSink } from './line-protocol.js';

/** The time index of tables written by line protocol (GreptimeDB's `greptime_timestamp`). */
export const LP_TIME_INDEX = 'service_timestamp';

export type LpPrecision = 'ns' | 'us' | 'ms' | 's' | 'm' | 'h';

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;
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
  /**
   * The keys of the previous line, in order, with their column, semantic and type: lines of one
   * measurement mostly repeat them, and a string comparison is cheaper than a map lookup.
   */
  readonly shapeKeys: string[];
  readonly shapeCols: number[];
  readonly shapeTypes: string[];
}

/**
 * Builds one write per measurement while the body is scanned: tags become String tag columns, fields
 * field columns (float → Float64, `i` → Int64, `u` → UInt64, strings, booleans) and the timestamp the
 * nanosecond time index `service_timestamp`. Lines without a timestamp get `nowNs`.
 */
class WritesBuilder implements LpSink {
  private readonly tables = new Map<string, TableBuild>();
  private t!: TableBuild;
  private row!: Value[];
  private measurement = '';
  private lineNumber = 0;
  /** Position of the next key in the current line (for the shape cache). */
  private k = 0;
  private readonly scale: bigint;
  /** The last timestamp as written and in nanoseconds (lines of a batch mostly share it; the scanner hands over one bigint for a run). */
  private lastTs: bigint | undefined = undefined;
  private lastNs = 0n;

  constructor(private readonly opts: LpWriteOptions) {
    this.scale = NS_PER[opts.precision];
  }

  begin(measurement: string, lineNumber: number): void {
    this.k = 0;
    if (measurement === this.measurement) {
      this.lineNumber = lineNumber;
      this.row = new Array(this.t.columns.length);
      return;
    }
    let t = this.tables.get(measurement);
    if (t === undefined) {
      t = {
        columns: [{ name: LP_TIME_INDEX, type: 'timestamp_ns', semantic: 'timestamp' }],
        index: new Map([[LP_TIME_INDEX, 0]]),
        rows: [],
        firstType: new Map(),
        shapeKeys: [],
        shapeCols: [],
        shapeTypes: [],
      };
      this.tables.set(measurement, t);
    }
    this.t = t;
    this.measurement = measurement;
    this.lineNumber = lineNumber;
    this.row = new Array(t.columns.length);
  }

  tag(key: string, value: string): void {
    this.row[this.cached(key, 'tag') ?? this.remember(key, 'tag', this.column(key, 'tag', 'string'))] = value;
  }

  field(key: string, type: LpFieldType, value: LpFieldValue): void {
    this.row[this.cached(key, type) ?? this.remember(key, type, this.column(key, 'field', COLUMN_TYPE[type], type))] = value;
  }

  /** The column of the k-th key when the previous line had the same key (and kind) there. */
  private cached(key: string, kind: string): number | undefined {
    const t = this.t;
    const k = this.k;
    if (t.shapeKeys[k] === key && t.shapeTypes[k] === kind) {
      this.k = k + 1;
      return t.shapeCols[k];
    }
    return undefined;
  }

  private remember(key: string, kind: string, col: number): number {
    const t = this.t;
    const k = this.k++;
    t.shapeKeys[k] = key;
    t.shapeTypes[k] = kind;
    t.shapeCols[k] = col;
    return col;
  }

  end(timestamp: bigint | undefined): void {
    if (timestamp === undefined) this.row[0] = this.opts.nowNs;
    else if (timestamp === this.lastTs) this.row[0] = this.lastNs;
    else {
      const ns = timestamp * this.scale;
      if (ns > INT64_MAX || ns < INT64_MIN) this.refuse(`timestamp ${timestamp} with precision ${this.opts.precision} is out of range (beyond year 2262)`);
      this.row[0] = ns;
      this.lastTs = timestamp;
      this.lastNs = ns;
    }
    this.t.rows.push(this.row);
  }

  writes(): WriteRequest[] {
    const out: WriteRequest[] = [];
    for (const [table, t] of this.tables) {
      const width = t.columns.length;
      for (const row of t.rows) {
        for (let j = 0; j < width; j++) if (row[j] === undefined) row[j] = null;
      }
      out.push({ db: this.opts.db, table, schema: t.columns, rows: t.rows, options: this.opts.options });
    }
    return out;
  }

  private refuse(message: string): never {
    throw new SluiceError(StatusCode.InvalidArguments, `${message} (line ${this.lineNumber})`);
  }

  private column(name: string, semantic: 'tag' | 'field', type: ColumnType, lpType?: LpFieldType): number {
    const t = this.t;
    const j = t.index.get(name);
    if (j === undefined || j === 0) {
      if (name === LP_TIME_INDEX) {
        this.refuse(`invalid ${semantic === 'tag' ? 'tag key' : 'field name'}: input ${semantic} "${name}" on measurement "${this.measurement}" is invalid: '${LP_TIME_INDEX}' is the time index`);
      }
      const k = t.columns.length;
      t.columns.push({ name, type, semantic });
      t.index.set(name, k);
      if (lpType !== undefined) t.firstType.set(name, lpType);
      return k;
    }
    const col = t.columns[j]!;
    if (col.semantic !== semantic) {
      this.refuse(`'${name}' is a ${col.semantic} of measurement "${this.measurement}" in this request and cannot also be a ${semantic}`);
    }
    if (col.type !== type) {
      this.refuse(`field type conflict: input field "${name}" on measurement "${this.measurement}" is type ${lpType!}, already exists as type ${t.firstType.get(name)!}`);
    }
    return j;
  }
}

export interface LpWriteOptions {
  readonly db: string;
  readonly precision: LpPrecision;
  readonly nowNs: bigint;
  readonly options: TableOptions;
}

/** Scans a line-protocol body straight into one write request per measurement. */
export function lineProtocolToWrites(text: string, opts: LpWriteOptions): WriteRequest[] {
  const b = new WritesBuilder(opts);
  scanLineProtocol(text, b);
  return b.writes();
}
