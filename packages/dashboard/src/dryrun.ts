import { parsePipeline, toPlain, COLUMN_TYPE_DISPLAY, type PipelineResult } from '@sluice/pipeline-core';
import type { ResultSet } from './result.js';

export type SampleType = 'text/plain' | 'application/x-ndjson' | 'application/json';

/** Sample input as pipeline items: text lines, or JSON objects (an array, one object, or NDJSON). */
export function sampleItems(text: string, type: SampleType): (Record<string, unknown> | string)[] {
  if (type === 'text/plain') return text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (type === 'application/json') {
    if (text.trim() === '') return [];
    try {
      const v = JSON.parse(text) as unknown;
      return (Array.isArray(v) ? v : [v]) as Record<string, unknown>[];
    } catch {
      /* maybe NDJSON sent as JSON, as the server accepts */
    }
  }
  return lines.map((l, i) => {
    try {
      return JSON.parse(l) as Record<string, unknown>;
    } catch (e) {
      throw new Error(`line ${i + 1}: ${(e as Error).message}`);
    }
  });
}

export interface DryRun {
  /** One result set per destination table (`dry_run` + suffix). */
  readonly tables: { name: string; rs: ResultSet }[];
  /** Items that failed, with the failing processor. */
  readonly errors: { index: number; message: string }[];
  readonly warnings: readonly string[];
}

/** Compiles the YAML and runs the sample through it here in the browser (the same code the server runs). */
export function dryRunInBrowser(yaml: string, sample: string, type: SampleType): DryRun {
  const pipeline = parsePipeline(yaml);
  const items = sampleItems(sample, type);
  const out: PipelineResult = pipeline.run(items as never, { skipError: true });
  return {
    tables: out.tables.map((t) => ({
      name: 'dry_run' + t.suffix,
      rs: { columns: t.schema.map((c) => ({ name: c.name, type: COLUMN_TYPE_DISPLAY[c.type] })), rows: t.rows.map((r) => r.map((v) => toPlain(v))) },
    })),
    errors: out.errors.map((e) => ({ index: e.index, message: (e.processor ? `processor ${e.processor.index} (${e.processor.kind}): ` : '') + e.message })),
    warnings: pipeline.warnings,
  };
}

interface ServerDryRunTable {
  schema: { name: string; data_type: string }[];
  rows: { key: string; value: unknown }[][];
  table_name: string;
}

/** The server's `_dryrun` answer as result sets (its data types, e.g. `TIMESTAMP_NANOSECOND`). */
export function serverDryRunTables(body: ServerDryRunTable[]): { name: string; rs: ResultSet }[] {
  return body.map((t) => ({
    name: t.table_name,
    rs: { columns: t.schema.map((c) => ({ name: c.name, type: c.data_type })), rows: t.rows.map((r) => r.map((cell) => cell.value)) },
  }));
}
