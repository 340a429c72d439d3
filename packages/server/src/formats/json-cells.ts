import { isFloatType, stringifyExact, type ColumnType } from '@sluice/pipeline-core';
import type { ResultColumn } from '@sluice/query';
import { cellToJson } from './cell-json.js';

/** JSON text that `stringifyCells` writes verbatim (a float with its fraction). */
class RawJson {
  constructor(readonly text: string) {}
}

/** `text` (valid JSON) to be written verbatim by `stringifyCells`. */
export function rawJson(text: string): unknown {
  return new RawJson(text);
}

/**
 * A float as serde_json (ryu) prints it, as GreptimeDB's JSON outputs do: an integral value keeps a
 * fraction (`1024.0`) up to 1e16; non-finite values are `null`.
 */
export function floatJsonText(v: number): string {
  if (!Number.isFinite(v)) return 'null';
  if (Number.isInteger(v) && Math.abs(v) < 1e16) return Object.is(v, -0) ? '-0.0' : `${v}.0`;
  return JSON.stringify(v);
}

/** One cell ready for `stringifyCells`: floats of float columns become raw text with a fraction. */
export function jsonCell(v: unknown, type: ColumnType | 'null' | undefined): unknown {
  if (typeof v === 'number' && type !== undefined && type !== 'null' && isFloatType(type)) return new RawJson(floatJsonText(v));
  return cellToJson(v as never, type);
}

/** The cells of a row for a result's columns. */
export function jsonRow(row: readonly unknown[], columns: readonly ResultColumn[]): unknown[] {
  return columns.map((c, i) => jsonCell(row[i] ?? null, c.type));
}

/** `stringifyExact` that writes RawJson cells verbatim. */
export function stringifyCells(v: unknown): string {
  if (v instanceof RawJson) return v.text;
  if (Array.isArray(v)) return `[${v.map(stringifyCells).join(',')}]`;
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const parts: string[] = [];
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (x !== undefined) parts.push(`${JSON.stringify(k)}:${stringifyCells(x)}`);
    return `{${parts.join(',')}}`;
  }
  return stringifyExact(v);
}
