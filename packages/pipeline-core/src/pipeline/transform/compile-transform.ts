import type { ConfigMap } from '../../config/read.js';
import type { ColumnSchema } from '../../schema/column-type.js';
import { zeroValue } from './coerce.js';
import { parseTransformEntry } from './parse-transform.js';
import { RowTransform, type DeclaredColumn, type TimeIndexSource } from './row-transform.js';

/**
 * Builds the transform of a pipeline from its `transform:` entries (undefined when absent):
 * - declared (version 1): only the declared columns;
 * - version 2: the declared columns, then every other field with an inferred type;
 * - none: the auto transform — the one `date`/`epoch` output field is the time index (when there is
 *   exactly one), every other field inferred.
 * Without a declared `index: timestamp`, `service_timestamp` (the ingest time) is the time index.
 */
export function compileTransform(entries: ConfigMap[] | undefined, version: 1 | 2, timeFields: readonly string[]): RowTransform {
  if (entries === undefined || entries.length === 0) {
    const ti: TimeIndexSource = timeFields.length === 1 ? { kind: 'field', name: timeFields[0]! } : { kind: 'now' };
    return new RowTransform([], true, ti);
  }
  const declared: DeclaredColumn[] = [];
  const seen = new Map<string, string>();
  let timeIndex: string | undefined;
  entries.forEach((cfg) => {
    const e = parseTransformEntry(cfg);
    for (const f of e.fields) {
      const prev = seen.get(f.output);
      if (prev !== undefined) throw cfg.error(undefined, `column '${f.output}' is already declared by ${prev}`);
      seen.set(f.output, cfg.path);
      if (e.semantic === 'timestamp') {
        if (timeIndex !== undefined) throw cfg.error('index', `a pipeline has exactly one timestamp index, and '${timeIndex}' already is one`);
        timeIndex = f.output;
      }
      const schema: ColumnSchema = {
        name: f.output,
        type: e.type.column,
        semantic: e.semantic,
        ...(e.index !== undefined ? { index: e.index } : {}),
        ...(e.index !== undefined && e.indexOptions !== undefined ? { indexOptions: e.indexOptions } : {}),
      };
      declared.push({ input: f.input, schema, typeText: e.typeText, coerce: e.coerce, onFailure: e.onFailure, dflt: e.dflt, fallback: e.dflt ?? zeroValue(e.type) });
    }
  });
  return new RowTransform(declared, version === 2, timeIndex === undefined ? { kind: 'now' } : { kind: 'declared' });
}
