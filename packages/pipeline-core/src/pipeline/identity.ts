import { CompiledPipeline } from './compiled-pipeline.js';
import { RowTransform } from './transform/row-transform.js';
import type { Pipeline } from './types.js';

/** The name of the built-in pipeline that writes JSON objects as they are. */
export const IDENTITY_PIPELINE_NAME = 'service_identity';

let identity: CompiledPipeline | undefined;

/**
 * The built-in `service_identity` pipeline: every top-level key becomes a column with an inferred type
 * (integer → int64, float → float64, string, boolean, object/array → json, timestamp → its unit),
 * null values are skipped, and `service_timestamp` (the ingest time) is the time index.
 * Records may still set table options with the `service_*` keys.
 */
export function identityPipeline(): Pipeline & CompiledPipeline {
  identity ??= new CompiledPipeline(1, 'the built-in identity pipeline', [], new RowTransform([], true, { kind: 'now' }), undefined, undefined, undefined);
  return identity;
}
