import { abortReason } from './abort-reason.js';
import { SluiceError, StatusCode, Timestamp, timeUnitOf, type ColumnSchema, type Doc, type IdentityOptions, type TableOptions, type Value } from '@sluice/pipeline-core';
import type { EncodedAppendWrite, EncodedSeriesWrite, WriteLayout } from '@sluice/storage';
import type { IngestContentType } from '../ingest/parse-items.js';
import type { IngestLimits } from '../config/limits.js';
import type { RunItemError, RunTable } from '../pipelines/compiler.js';

/**
 * Messages between the server and its pipeline workers. A task carries the request body's bytes
 * (transferred; the worker decodes and parses them), a result carries packed tables (PackedTable)
 * whose timestamp columns are bigints in the column's unit (what the store takes), so nothing
 * class-typed crosses the thread boundary.
 */
export interface PipelineTask {
  readonly id: number;
  /** `name\0version`, the worker's cache key ('' for inline YAML, compiled and not kept). */
  readonly key: string;
  readonly yaml: string;
  /** With `key` IDENTITY_TASK_KEY: the built-in identity pipeline's request parameters. */
  readonly identity?: IdentityOptions;
  /** The request body as text, or `bytes` (transferred, decoded on the worker). */
  readonly body?: string;
  readonly bytes?: Uint8Array;
  /** Invalid UTF-8 in `bytes` is a 400 (`http.is_strict_mode`). */
  readonly strictUtf8?: boolean;
  readonly contentType: IngestContentType;
  /**
   * Items already parsed on the main thread (dry runs, protocol records), encoded with `encodeItems`
   * (timestamps tagged); when set, `body` is not read.
   */
  readonly items?: readonly unknown[];
  readonly skipError: boolean;
  /** Line length, item count, JSON depth, VRL value size and work (`[ingest]`). */
  readonly limits: IngestLimits;
  /** The pipelines a dispatcher may route to (transitively), at the versions current when the task was made. */
  readonly pipelines?: readonly BundledPipeline[];
  /** The request's deadline (ms since the epoch): the run stops between items and inside VRL past it. */
  readonly deadline?: number;
  /**
   * The layout of the (append-mode) table the pipeline's unsuffixed output goes to (`Store.writeLayout`),
   * as JSON text (layout-text.ts): the worker also encodes that table's rows into chunks
   * (`encodeAppendWrite`), so the server's thread only stores bytes.
   */
  readonly layout?: string;
}

/**
 * A protocol body decoded on an ingest worker instead of the main thread (line protocol):
 * the worker decodes it into one write per table, exactly as the main thread would, and encodes the
 * rows of each table it has a layout for (`Store.writeLayout(db, table, true)`, series tables) so the
 * main thread only resolves series and stores bytes. The reply is a PipelineReply whose tables carry
 * their `name`; a body that does not decode fails the task with the decoder's error.
 */
export type DecodeTask = {
  readonly id: number;
  readonly kind: 'decode';
  /** The body (a copy, transferred: the main thread keeps its own to decode again if a table changed). */
  readonly bytes: Uint8Array;
  /**
   * Layouts of tables the body may write, by table name: the record as JSON text (a string crosses to
   * the worker as one copy; a record object is cloned field by field), or only its stamp `id:version`
   * once the workers were sent that text. A worker without the text for a stamp encodes nothing for
   * that table and names it in its reply (`missingLayouts`), so the next tasks carry the text again.
   */
  readonly layouts: Readonly<Record<string, string>>;
  readonly db: string;
  readonly options: TableOptions;
  readonly protocol: 'lineproto';
  readonly precision: 'ns' | 'us' | 'ms' | 's' | 'm' | 'h';
  readonly nowNs: bigint;
};

/** A layout's stamp in a DecodeTask: `id:version` (the record it names, as the store checks it). */
export function layoutStamp(l: WriteLayout): string {
  return `${l.id}:${l.version}`;
}

/** A pipeline shipped with a task for a dispatcher to resolve by name. */
export interface BundledPipeline {
  readonly name: string;
  /** `name\0version`, the worker's cache key. */
  readonly key: string;
  readonly yaml: string;
}

/** Main thread: items as they cross to a worker (Timestamps tagged, the rest as structured clone takes it). */
export function encodeItems(items: readonly (Doc | string)[]): unknown[] {
  return items.map((x) => (typeof x === 'string' ? x : encodeNested(x)));
}

/** Worker side: the items back with their Timestamps. */
export function decodeItems(items: readonly unknown[]): (Doc | string)[] {
  return items.map((x) => (typeof x === 'string' ? x : (decodeNested(x) as Doc)));
}

export interface WireError {
  readonly code: StatusCode;
  readonly message: string;
  readonly processor?: { readonly index: number; readonly kind: string };
  /** Set when an item failed in the pipeline (not when the body could not be parsed). */
  readonly itemIndex?: number;
}

export type PipelineReply =
  | { readonly id: number; readonly ok: true; readonly items: number; readonly tables: PackedTable[]; readonly errors: RunItemError[]; readonly missingLayouts?: string[] }
  | { readonly id: number; readonly ok: false; readonly error: WireError };

/** Timestamps nested in other columns (json) travel as this tag and come back as Timestamp. */
interface TsTag {
  readonly $sluiceTs: bigint;
  readonly unit: Timestamp['unit'];
}

function encodeNested(v: Value): unknown {
  if (v instanceof Timestamp) return { $sluiceTs: v.ns, unit: v.unit } satisfies TsTag;
  if (Array.isArray(v)) return v.map(encodeNested);
  if (v !== null && typeof v === 'object' && !(v instanceof Uint8Array)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) out[k] = encodeNested(v[k]!);
    return out;
  }
  return v;
}

function decodeNested(v: unknown): Value {
  if (Array.isArray(v)) return v.map(decodeNested);
  if (v !== null && typeof v === 'object' && !(v instanceof Uint8Array)) {
    const tag = v as Partial<TsTag>;
    if (typeof tag.$sluiceTs === 'bigint' && typeof tag.unit === 'string') return new Timestamp(tag.$sluiceTs, tag.unit);
    const out: Record<string, Value> = {};
    for (const [k, x] of Object.entries(v)) out[k] = decodeNested(x);
    return out;
  }
  return v as Value;
}

/**
 * A table as it crosses from a worker, column by column: strings as a dictionary or one text plus lengths, numbers and
 * 64-bit integers as typed arrays (transferred, not copied), anything else as a plain array. A
 * structured clone of row arrays costs the receiving (main) thread about as much as running the
 * pipeline did; this form costs it a fraction.
 */
export interface PackedTable {
  readonly suffix: string;
  readonly options: TableOptions;
  readonly schema: ColumnSchema[];
  readonly count: number;
  readonly columns: PackedColumn[];
  /** The rows encoded against the task's layout (its buffers transferred). */
  readonly encoded?: EncodedAppendWrite | EncodedSeriesWrite;
  /** The table's name, for a DecodeTask's tables. */
  readonly name?: string;
}

/** `lens[i]` or `codes[i]` -1 marks null; `nulls[i]` 1 marks null. */
export type PackedColumn =
  | { readonly k: 's'; readonly text: string; readonly lens: Int32Array }
  | { readonly k: 'd'; readonly dict: string[]; readonly codes: Int32Array }
  | { readonly k: 'n'; readonly v: Float64Array; readonly nulls: Uint8Array }
  | { readonly k: 'b'; readonly v: BigInt64Array; readonly nulls: Uint8Array }
  | { readonly k: 'v'; readonly v: Value[]; readonly tagged: boolean };

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

function packColumn(rows: readonly (readonly Value[])[], j: number, unit: Timestamp['unit'] | undefined): PackedColumn {
  const n = rows.length;
  // The column, boxed (a NaN keeps its payload), timestamp-column values as bigints in the unit.
  const col: Value[] = new Array(n).fill(null);
  let strings = true;
  let numbers = true;
  let bigints = true;
  let objects = false;
  for (let i = 0; i < n; i++) {
    let v = rows[i]![j]!;
    if (unit !== undefined && v instanceof Timestamp) v = v.in(unit);
    col[i] = v;
    if (v === null) continue;
    const t = typeof v;
    if (t !== 'string') strings = false;
    if (t !== 'number') numbers = false;
    if (t !== 'bigint' || (v as bigint) < INT64_MIN || (v as bigint) > INT64_MAX) bigints = false;
    if (t === 'object') objects = true;
  }
  if (strings) {
    // Few distinct values (levels, methods, paths): a dictionary, so the server gets one string object
    // per distinct value (its hash computed once when the store builds its own dictionary).
    const dict = new Map<string, number>();
    const codes = new Int32Array(n);
    let present = 0;
    for (let i = 0; i < n && dict.size <= n >> 2; i++) {
      const v = col[i] as string | null;
      if (v === null) codes[i] = -1;
      else {
        present++;
        let c = dict.get(v);
        if (c === undefined) dict.set(v, (c = dict.size));
        codes[i] = c;
      }
    }
    if (dict.size * 4 <= present && dict.size <= n >> 2) return { k: 'd', dict: [...dict.keys()], codes };
    const lens = new Int32Array(n);
    const parts: string[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const v = col[i] as string | null;
      lens[i] = v === null ? -1 : v.length;
      parts[i] = v ?? '';
    }
    return { k: 's', text: parts.join(''), lens };
  }
  if (numbers) {
    const nulls = new Uint8Array(n);
    const v = new Float64Array(n);
    for (let i = 0; i < n; i++) if (col[i] === null) nulls[i] = 1;
      else v[i] = col[i] as number;
    return { k: 'n', v, nulls };
  }
  if (bigints) {
    const nulls = new Uint8Array(n);
    const v = new BigInt64Array(n);
    for (let i = 0; i < n; i++) if (col[i] === null) nulls[i] = 1;
      else v[i] = col[i] as bigint;
    return { k: 'b', v, nulls };
  }
  if (objects) for (let i = 0; i < n; i++) if (typeof col[i] === 'object' && col[i] !== null) col[i] = encodeNested(col[i]!) as Value;
  return { k: 'v', v: col, tagged: objects };
}

/**
 * Worker side: each table packed column by column (timestamp columns as bigints in their unit, other
 * timestamps tagged), with the buffers to transfer.
 */
export function packTables(tables: readonly RunTable[], encode?: (t: RunTable, i: number) => EncodedAppendWrite | EncodedSeriesWrite | undefined): { tables: PackedTable[]; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const out = tables.map((t, i): PackedTable => {
    const encoded = t.rows.length > 0 ? encode?.(t, i) : undefined;
    // Encoded: the rows are not sent at all (should the table have changed before the write commits,
    // the server runs the request again without a layout: see EncodedRowsDropped).
    const columns = encoded !== undefined ? [] : t.schema.map((c, j) => packColumn(t.rows, j, timeUnitOf(c.type)));
    for (const c of columns) {
      if (c.k === 's') transfer.push(c.lens.buffer as ArrayBuffer);
      else if (c.k === 'd') transfer.push(c.codes.buffer as ArrayBuffer);
      else if (c.k === 'n' || c.k === 'b') transfer.push(c.v.buffer as ArrayBuffer, c.nulls.buffer as ArrayBuffer);
    }
    // Every chunk's bytes share one buffer of their own (encode-append.ts, encode-series.ts).
    const bytes = encoded === undefined ? undefined : encoded.kind === 'series' ? encoded.chunks[0]?.bytes.buffer : encoded.chunks[0]?.head.buffer;
    if (bytes instanceof ArrayBuffer && !transfer.includes(bytes)) transfer.push(bytes);
    return { suffix: t.suffix, options: t.options as TableOptions, schema: t.schema as ColumnSchema[], count: t.rows.length, columns, ...(encoded !== undefined ? { encoded } : {}) };
  });
  return { tables: out, transfer };
}

/**
 * Server side: the rows back (boxed arrays, so NaN payloads are kept), nested timestamps restored; a
 * table the worker sent encoded (PackedTable.encoded) has none (see EncodedRowsDropped).
 */
/** Rows unpacked between two looks at the clock. */
const UNPACK_STEP = 4096;

/** The tables' rows, built column by column; yields after every UNPACK_STEP values of a column. */
function* unpacking(tables: readonly PackedTable[]): Generator<void, RunTable[]> {
  const out: RunTable[] = [];
  for (const t of tables) {
    if (t.encoded !== undefined) {
      out.push(encodedTable(t, t.encoded));
      continue;
    }
    const w = t.columns.length;
    const rows: Value[][] = new Array(t.count);
    for (let i = 0; i < t.count; i++) {
      rows[i] = new Array(w).fill(null);
      if (i % UNPACK_STEP === UNPACK_STEP - 1) yield;
    }
    for (let j = 0; j < w; j++) {
      const c = t.columns[j]!;
      let at = 0;
      for (let s = 0; s < t.count; s += UNPACK_STEP) {
        const e = Math.min(t.count, s + UNPACK_STEP);
        if (c.k === 's') {
          for (let i = s; i < e; i++) {
            const len = c.lens[i]!;
            if (len < 0) continue;
            rows[i]![j] = c.text.slice(at, at + len);
            at += len;
          }
        } else if (c.k === 'd') {
          for (let i = s; i < e; i++) if (c.codes[i]! >= 0) rows[i]![j] = c.dict[c.codes[i]!]!;
        } else if (c.k === 'n' || c.k === 'b') {
          for (let i = s; i < e; i++) if (c.nulls[i] === 0) rows[i]![j] = c.v[i]!;
        } else {
          for (let i = s; i < e; i++) {
            const v = c.v[i]!;
            rows[i]![j] = c.tagged && typeof v === 'object' && v !== null ? decodeNested(v) : v;
          }
        }
        yield;
      }
    }
    out.push({ suffix: t.suffix, options: t.options, schema: t.schema, rows });
  }
  return out;
}

/**
 * A table kept as encoded chunks only (by a pipeline worker, or on the main thread: encode-ahead.ts): the
 * store writes those, and asking for its rows fails the write for a retry (EncodedRowsDropped).
 */
export function encodedTable(t: Pick<RunTable, 'suffix' | 'options' | 'schema'> & { readonly count: number }, encoded: EncodedAppendWrite | EncodedSeriesWrite): RunTable {
  return {
    suffix: t.suffix,
    options: t.options,
    schema: t.schema,
    count: t.count,
    encoded,
    get rows(): Value[][] {
      throw new EncodedRowsDropped();
    },
  };
}

export function unpackTables(tables: readonly PackedTable[]): RunTable[] {
  const g = unpacking(tables);
  for (;;) {
    const r = g.next();
    if (r.done) return r.value;
  }
}

/**
 * unpackTables on the main thread: a 20 MB body's 200,000 rows take a few hundred ms to build, so
 * it yields to the event loop every `sliceMs` (other requests and /health go on meanwhile), and
 * stops with the signal's reason at a yield once the request timed out or its client went away
 * (the rows would be thrown away, and building them holds the thread and the heap for nothing).
 */
export async function unpackTablesSliced(tables: readonly PackedTable[], sliceMs = 10, signal?: AbortSignal): Promise<RunTable[]> {
  const g = unpacking(tables);
  let sliceStart = performance.now();
  for (;;) {
    const r = g.next();
    if (r.done) return r.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (signal?.aborted) throw abortReason(signal);
      sliceStart = performance.now();
    }
  }
}

export function toWireError(e: unknown): WireError {
  const code = (e as { code?: unknown }).code;
  const processor = (e as { processor?: { index: number; kind: string } }).processor;
  const itemIndex = (e as { itemIndex?: unknown }).itemIndex;
  return {
    ...(typeof itemIndex === 'number' ? { itemIndex } : {}),
    code: (typeof code === 'number' ? code : 1003) as StatusCode,
    message: e instanceof Error ? e.message : String(e),
    ...(processor !== undefined ? { processor: { index: processor.index, kind: processor.kind } } : {}),
  };
}

/**
 * Asked for the rows of a table a worker sent encoded only: the store could not use the encoded form (the
 * table changed after the layout was taken), so the write stopped before it stored anything; the caller
 * runs the request again without a layout.
 */
export class EncodedRowsDropped extends SluiceError {
  override name = 'EncodedRowsDropped';
  constructor() {
    super(StatusCode.Internal, 'the table changed while the pipeline worker encoded its rows; the write is retried');
  }
}

/** A worker's failure as a SluiceError on the server side, keeping its code and processor. */
export class WorkerTaskError extends SluiceError {
  override name = 'WorkerTaskError';
  readonly processor: WireError['processor'];
  readonly itemIndex: number | undefined;
  constructor(err: WireError) {
    super(err.code, err.message);
    this.processor = err.processor;
    this.itemIndex = err.itemIndex;
  }
}
