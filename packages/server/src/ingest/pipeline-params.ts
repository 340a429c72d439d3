import { SluiceError, StatusCode, closest, type IdentityOptions } from '@sluice/pipeline-core';
import { parseBoolParam } from '../params.js';

/**
 * Pipeline parameters as GreptimeDB reads them: the `x-service-pipeline-params` header
 * (`k=v&k=v`, GreptimeDB's `x-greptime-pipeline-params`) and the same names as query parameters;
 * a header value wins over the query value. A name close to a known one is a 400 with "did you mean";
 * other names are ignored, as GreptimeDB does.
 */
export const PIPELINE_PARAMS_HEADER = 'x-service-pipeline-params';
export const PIPELINE_PARAM_NAMES = ['skip_error', 'max_nested_levels', 'custom_time_index', 'flatten_json_object'] as const;
/** Every query parameter `/v1/ingest` and `_dryrun` know (GreptimeDB's LogIngesterQueryParams and the params above). */
export const INGEST_QUERY_NAMES = ['db', 'table', 'pipeline_name', 'version', 'ignore_errors', 'source', 'msg_field', ...PIPELINE_PARAM_NAMES] as const;

export interface PipelineParams {
  readonly skipError: boolean;
  /** Options of the built-in identity pipeline (ignored by other pipelines). */
  readonly identity: IdentityOptions;
}

/** `k=v&k=v` → map; a pair without `=` is skipped (GreptimeDB splits on `&` only: `;` belongs to values). */
export function parseParamsHeader(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (header === undefined) return out;
  for (const part of header.split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return out;
}

function checkNames(names: Iterable<string>, known: readonly string[], where: string): void {
  for (const n of names) {
    if (known.includes(n)) continue;
    const near = closest(n, known);
    if (near !== undefined) throw new SluiceError(StatusCode.InvalidArguments, `unknown parameter '${n}' in ${where}; did you mean '${near}'?`);
  }
}

function positiveInt(name: string, v: string | undefined): number | undefined {
  if (v === undefined || v === '') return undefined;
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new SluiceError(StatusCode.InvalidArguments, `invalid value '${v}' for '${name}': expected a positive integer`);
  return Number(v);
}

/** Reads and checks the parameters from the header and the query string (`query` lists every query name). */
export function readPipelineParams(header: string | undefined, query: Record<string, string>): PipelineParams {
  const fromHeader = parseParamsHeader(header);
  checkNames(fromHeader.keys(), PIPELINE_PARAM_NAMES, `header ${PIPELINE_PARAMS_HEADER}`);
  checkNames(Object.keys(query), INGEST_QUERY_NAMES, 'the query string');
  const get = (k: string) => fromHeader.get(k) ?? query[k];
  const levels = positiveInt('max_nested_levels', get('max_nested_levels'));
  const flatten = parseBoolParam('flatten_json_object', get('flatten_json_object'));
  const customTimeIndex = get('custom_time_index');
  return {
    skipError: parseBoolParam('skip_error', get('skip_error')) ?? false,
    identity: {
      ...(levels !== undefined ? { maxNestedLevels: levels } : {}),
      ...(flatten !== undefined ? { flattenJsonObject: flatten } : {}),
      ...(customTimeIndex !== undefined && customTimeIndex !== '' ? { customTimeIndex } : {}),
    },
  };
}

/** The pipeline name: `x-service-pipeline-name`, else the older `x-service-log-pipeline-name`, else `pipeline_name`. */
export function pipelineNameFrom(header: (name: string) => string | undefined, query: string | undefined): string | undefined {
  for (const h of ['x-service-pipeline-name', 'x-service-log-pipeline-name']) {
    const v = header(h)?.trim();
    if (v) return v;
  }
  return query?.trim() || undefined;
}
