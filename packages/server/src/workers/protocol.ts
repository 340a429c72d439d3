import { SluiceError, Timestamp, timeUnitOf, type ColumnSchema, type Doc, type StatusCode, type TableOptions, type Value } from '@sluice/pipeline-core';
import type { IngestContentType } from '../ingest/parse-items.js';
import type { IngestLimits } from '../config/limits.js';
import type { RunItemError, RunTable } from '../pipelines/compiler.js';

/**
 * Messages between the server and its pipeline workers. A task carries the request body as text
 * (the worker parses it), a result carries rows whose timestamp columns are bigints in the column's
 * unit (what the store takes), so nothing class-typed crosses the thread boundary.
 */
export interface PipelineTask {
  readonly id: number;
  /** `name\0version`, the worker's cache key ('' for inline YAML, compiled and not kept). */
  readonly key: string;
  readonly yaml: string;
  /** The request body as text, or `bytes` (transferred, decoded on the worker). */
  readonly body?: string;
  readonly bytes?: Uint8Array;
  /** Invalid UTF-8 in `bytes` is a 400 (`http.is_strict_mode`). */
  readonly strictUtf8?: boolean;
  readonly contentType: IngestContentType;
  /** Items already parsed on the main thread (dry runs); when set, `body` is not read. */
  readonly items?: readonly (Doc | string)[];
  readonly skipError: boolean;
  /** Line length, item count and VRL value size (`[ingest]`). */
  readonly limits: IngestLimits;
}

export interface WireError {
  readonly code: StatusCode;
  readonly message: string;
  readonly processor?: { readonly index: number; readonly kind: string };
  /** Set when an item failed in the pipeline (not when the body could not be parsed). */
  readonly itemIndex?: number;
}

export type PipelineReply =
  | {
      readonly id: number;
      readonly ok: true;
      readonly items: number;
      readonly tables: RunTable[];
      /** Per table: whether any value was tagged (nested timestamps), so the server only walks those. */
      readonly tagged?: boolean[];
      readonly errors: RunItemError[];
    }
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
 * Worker side: timestamp columns become bigints in their unit; other timestamps are tagged. Rows are
 * changed in place (they are the worker's own and about to be cloned); `tagged[i]` says whether table
 * i holds any object value the server must walk.
 */
export function encodeTables(tables: readonly RunTable[]): { tables: RunTable[]; tagged: boolean[] } {
  const tagged: boolean[] = [];
  const out = tables.map((t) => {
    const units = t.schema.map((c) => timeUnitOf(c.type));
    let objects = false;
    const rows = t.rows as Value[][];
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      for (let j = 0; j < row.length; j++) {
        const v = row[j]!;
        if (typeof v !== 'object' || v === null) continue;
        const unit = units[j];
        if (unit !== undefined && v instanceof Timestamp) row[j] = v.in(unit);
        else {
          row[j] = encodeNested(v) as Value;
          objects = true;
        }
      }
    }
    tagged.push(objects);
    return { suffix: t.suffix, options: t.options as TableOptions, schema: t.schema as ColumnSchema[], rows };
  });
  return { tables: out, tagged };
}

/** Server side: undoes the tags (timestamp columns stay bigints, which the store takes); tables without tagged values are kept as they are. */
export function decodeTables(tables: readonly RunTable[], tagged?: readonly boolean[]): RunTable[] {
  return tables.map((t, i) =>
    tagged !== undefined && tagged[i] === false ? t : { ...t, rows: t.rows.map((row) => row.map((v) => (typeof v === 'object' && v !== null ? decodeNested(v) : v))) },
  );
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
