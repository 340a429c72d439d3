import { PipelineConfigError } from '../errors/index.js';
import { compileStrptime } from '../time/strptime.js';
import { Timestamp } from '../value/timestamp.js';
import { kindOf, type Value } from '../value/value.js';
import { CompiledPipeline } from './compiled-pipeline.js';
import { flattenStep } from './flatten.js';
import { CoerceError, compileCoercer, type Coercer } from './transform/coerce.js';
import { parseTransformType } from './transform/transform-type.js';
import { RowTransform, type DeclaredColumn } from './transform/row-transform.js';
import type { Pipeline } from './types.js';

/** The name of the built-in pipeline that writes JSON objects as they are. */
export const IDENTITY_PIPELINE_NAME = 'service_identity';

/** Options of the identity pipeline (GreptimeDB's `x-greptime-pipeline-params` / query parameters). */
export interface IdentityOptions {
  /** `custom_time_index`: `<field>;epoch;<s|ms|us|ns>` or `<field>;datestr;<strftime format>`. */
  readonly customTimeIndex?: string;
  /**
   * `flatten_json_object`: nested objects become `a.b` columns and arrays JSON text (the default, as in
   * GreptimeDB, where flattening is always on); `false` keeps objects and arrays as Json columns.
   */
  readonly flattenJsonObject?: boolean;
  /** `max_nested_levels` of flattening (default 10); deeper objects become JSON text. */
  readonly maxNestedLevels?: number;
}

let plain: CompiledPipeline | undefined;

/** GreptimeDB's default `max_nested_levels`. */
export const DEFAULT_MAX_NESTED_LEVELS = 10;

/**
 * The built-in `service_identity` pipeline, as GreptimeDB's `greptime_identity`: nested objects are
 * flattened into `a.b` columns down to `maxNestedLevels` (deeper parts and arrays become JSON text),
 * every key becomes a column with an inferred type (integer → int64, float → float64, string, boolean),
 * null values are skipped, and `service_timestamp` (the ingest time) is the time index — the first
 * column — unless `customTimeIndex` names a field. New columns are added in name order. Records may
 * still set table options with the `service_*` keys. Without options the same compiled pipeline is
 * returned every time; with options, a new one (compile it once per distinct options and keep it).
 */
export function identityPipeline(options?: IdentityOptions): Pipeline & CompiledPipeline {
  const isDefault = options === undefined || (options.customTimeIndex === undefined && options.flattenJsonObject !== false && (options.maxNestedLevels ?? DEFAULT_MAX_NESTED_LEVELS) === DEFAULT_MAX_NESTED_LEVELS);
  if (isDefault) {
    plain ??= new CompiledPipeline(1, 'the built-in identity pipeline', [flattenStep(DEFAULT_MAX_NESTED_LEVELS)], new RowTransform([], true, { kind: 'now' }), undefined, undefined, undefined);
    return plain;
  }
  const levels = options.maxNestedLevels ?? DEFAULT_MAX_NESTED_LEVELS;
  if (!Number.isInteger(levels) || levels < 1) throw new PipelineConfigError({ path: 'max_nested_levels' }, `expected a positive integer, got ${levels}`);
  const steps = options.flattenJsonObject === false ? [] : [flattenStep(levels)];
  const ts = options.customTimeIndex === undefined ? undefined : customTimeIndex(options.customTimeIndex);
  const transform = ts === undefined ? new RowTransform([], true, { kind: 'now' }) : new RowTransform([ts], true, { kind: 'declared' });
  return new CompiledPipeline(1, 'the built-in identity pipeline', steps, transform, undefined, undefined, undefined);
}

function customTimeIndex(text: string): DeclaredColumn {
  const bad = (why: string) => new PipelineConfigError({ path: 'custom_time_index' }, `${why} (use '<field>;epoch;<s|ms|us|ns>' or '<field>;datestr;<format>')`);
  const first = text.indexOf(';');
  const second = first < 0 ? -1 : text.indexOf(';', first + 1);
  if (second < 0) throw bad(`invalid custom_time_index '${text}'`);
  const field = text.slice(0, first).trim();
  const kind = text.slice(first + 1, second).trim();
  const arg = text.slice(second + 1);
  if (field === '') throw bad('the field name is empty');
  let typeText: string;
  let coerce: Coercer;
  let type;
  if (kind === 'epoch') {
    typeText = `epoch, ${arg.trim()}`;
    type = parseTransformType(typeText);
    if (typeof type === 'string') throw bad(`invalid resolution '${arg.trim()}'`);
    coerce = compileCoercer(type, typeText);
  } else if (kind === 'datestr') {
    typeText = `datestr '${arg}'`;
    let parse: (s: string) => Timestamp;
    try {
      parse = compileStrptime(arg);
    } catch (e) {
      throw bad(e instanceof Error ? e.message : String(e));
    }
    type = { kind: 'time', unit: 'ns', column: 'timestamp_ns' } as const;
    coerce = (v: Value) => {
      if (v instanceof Timestamp) return v.withUnit('ns');
      if (typeof v !== 'string') throw new CoerceError(`expected a date string, got ${kindOf(v)}`);
      try {
        return parse(v).withUnit('ns');
      } catch (e) {
        throw new CoerceError(e instanceof Error ? e.message : String(e));
      }
    };
  } else {
    throw bad(`unknown time index kind '${kind}'`);
  }
  return {
    input: field,
    schema: { name: field, type: type.column, semantic: 'timestamp' },
    typeText,
    coerce,
    onFailure: 'error',
    dflt: undefined,
    fallback: null,
  };
}
