import { Hono, type Context } from 'hono';
import { PipelineConfigError, SluiceError, StatusCode, isValueMap, type IdentityOptions, type Value } from '@sluice/pipeline-core';
import { createTableText } from '@sluice/query';
import type { AppDeps } from '../deps.js';
import type { StoredPipeline } from '@sluice/storage';
import { jsonExact } from '../formats/json-response.js';
import { dryrunBody } from '../formats/dryrun.js';
import { INGEST_CONTENT_TYPES, ingestContentType, parseItems } from '../ingest/parse-items.js';
import { PIPELINE_PARAMS_HEADER, readPipelineParams } from '../ingest/pipeline-params.js';
import { displayVersion, RESERVED_PREFIX, type WorkerSource } from '../pipelines/pipeline-service.js';
import { invalidParameter } from './ingest.js';
import { databaseParam } from '../params.js';
import { parseJsonOrFail } from '../ingest/parse-json.js';
import { readBodyText } from '../ingest/read-body.js';
import { readForm } from '../ingest/read-form.js';
import { checkItemCount } from '../ingest/item-limits.js';
import { ingestLimits } from '../config/limits.js';
import { requestDeadline, requestSignal } from '../middleware/timeout.js';
import { runPipelineBounded } from '../pipelines/run-bounded.js';
import type { CompiledPipeline } from '../pipelines/compiler.js';
import { requireParam } from '../params.js';

/** A pipeline in a response, its version printed as GreptimeDB's API prints it. */
const brief = (p: StoredPipeline) => ({ name: p.name, version: displayVersion(p.version) });

/** The uploaded YAML: the raw body, or the first file (else field) of a multipart form. */
async function pipelineText(c: Context, maxBytes: number): Promise<string> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const form = await readForm(c);
    const values = Object.values(form).flat();
    const file = values.find((v): v is File => typeof v !== 'string');
    if (file !== undefined) return file.text();
    const field = values.find((v): v is string => typeof v === 'string');
    if (field !== undefined) return field;
    throw new SluiceError(StatusCode.InvalidArguments, 'multipart body has no file part holding the pipeline YAML');
  }
  return readBodyText(c, maxBytes);
}

interface DryrunInput {
  readonly pipeline: CompiledPipeline;
  /** Items parsed from a JSON envelope's `data`, or the raw body (parsed where the pipeline runs). */
  readonly items?: ReturnType<typeof parseItems>;
  readonly body?: { readonly text: string; readonly contentType: ReturnType<typeof ingestContentType> };
  /** What a pipeline worker needs to run it (absent: it runs here, see PipelineService.workerSource). */
  readonly source?: WorkerSource | undefined;
}

function optionalString(body: Record<string, Value>, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new SluiceError(StatusCode.InvalidArguments, `dry run: '${key}' must be a string`);
  return v;
}

/** The dry run's `data_type`, with GreptimeDB's wording for an unknown one. */
function dryrunDataType(text: string): ReturnType<typeof ingestContentType> {
  try {
    return ingestContentType(text);
  } catch {
    throw invalidParameter(`invalid content type: ${text}, expected: one of ${INGEST_CONTENT_TYPES.join(', ')}`);
  }
}

/** The dry run's `data` in its type, with GreptimeDB's wording for JSON that does not parse. */
function dryrunItems(data: string, type: ReturnType<typeof ingestContentType>): ReturnType<typeof parseItems> {
  try {
    return parseItems(data, type);
  } catch (e) {
    if (type !== 'text/plain' && e instanceof SluiceError && /JSON/.test(e.message)) {
      throw invalidParameter('json format error, please check the date is valid JSON.');
    }
    throw e;
  }
}

/** GreptimeDB's step prefix for an inline pipeline that does not compile. */
function compileInline(deps: AppDeps, yaml: string): CompiledPipeline {
  try {
    return deps.pipelines.compile(yaml);
  } catch (e) {
    if (e instanceof PipelineConfigError) throw new SluiceError(e.code, `Failed to build pipeline: ${e.message}`, { cause: e });
    throw e;
  }
}

/** The JSON form `{pipeline | pipeline_name, pipeline_version, data, data_type}`. */
function dryrunFromJson(deps: AppDeps, body: Record<string, Value>, identity: IdentityOptions): DryrunInput & { inline: boolean } {
  const known = new Set(['pipeline', 'pipeline_name', 'pipeline_version', 'data', 'data_type']);
  for (const k of Object.keys(body)) if (!known.has(k)) throw new SluiceError(StatusCode.InvalidArguments, `dry run: unknown key '${k}' (known: ${[...known].join(', ')})`);
  const yaml = optionalString(body, 'pipeline');
  const name = optionalString(body, 'pipeline_name');
  if ((yaml === undefined) === (name === undefined)) throw new SluiceError(StatusCode.InvalidArguments, "dry run: give exactly one of 'pipeline' (YAML) or 'pipeline_name'");
  const version = optionalString(body, 'pipeline_version');
  const pipeline = yaml !== undefined ? compileInline(deps, yaml) : deps.pipelines.resolve(name!, version, identity).pipeline;
  // User-supplied YAML runs on a pipeline worker (isolated, stopped at the deadline); cached by name only when stored.
  const source = yaml !== undefined ? deps.pipelines.inlineWorkerSource(yaml, pipeline) : deps.pipelines.workerSource(name!, version);
  const data = body.data;
  if (data === undefined) throw new SluiceError(StatusCode.InvalidArguments, "dry run: missing 'data'");
  if (typeof data !== 'string') {
    return { pipeline, source, items: parseItems(JSON.stringify(data), 'application/json'), inline: yaml !== undefined };
  }
  return { pipeline, source, items: dryrunItems(data, dryrunDataType(optionalString(body, 'data_type') ?? 'application/json')), inline: yaml !== undefined };
}

/** Where the pipeline API lives: `/v1/pipelines`, and GreptimeDB's older `/v1/events/pipelines`. */
export const PIPELINE_PREFIXES = ['/v1/pipelines', '/v1/events/pipelines'] as const;

/** Upload, fetch, list, delete and dry-run pipelines, under each prefix. */
export function createPipelineRoutes(deps: AppDeps, maxBodyBytes: number): Hono {
  const app = new Hono();
  for (const prefix of PIPELINE_PREFIXES) app.route(prefix, pipelineRoutes(deps, maxBodyBytes));
  return app;
}

function pipelineRoutes(deps: AppDeps, maxBodyBytes: number): Hono {
  const app = new Hono();

  app.post('/_dryrun', async (c) => {
    const text = await readBodyText(c, maxBodyBytes, deps.config.http.is_strict_mode);
    const query = c.req.query();
    const params = readPipelineParams(c.req.header(PIPELINE_PARAMS_HEADER), query);
    const name = query.pipeline_name;
    const limits = ingestLimits(deps.config);
    let input: DryrunInput & { inline?: boolean };
    if (name === undefined && (c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) {
      const body = parseJsonOrFail(text, 'the dry-run body', limits.maxJsonDepth);
      if (!isValueMap(body)) throw new SluiceError(StatusCode.InvalidArguments, 'dry run: the JSON body must be an object {pipeline | pipeline_name, data, data_type}');
      input = dryrunFromJson(deps, body, params.identity);
    } else {
      if (name === undefined || name.trim() === '') throw invalidParameter('pipeline_name is required');
      input = {
        pipeline: deps.pipelines.resolve(name.trim(), query.version, params.identity).pipeline,
        source: deps.pipelines.workerSource(name.trim(), query.version),
        body: { text, contentType: ingestContentType(c.req.header('content-type')) },
      };
    }
    if (input.items !== undefined) checkItemCount(input.items.length, limits);
    let result;
    try {
      result = await runPipelineBounded(deps, {
        pipeline: input.pipeline,
        source: deps.pipelineWorkers === undefined ? undefined : input.source,
        ...(input.items !== undefined ? { items: input.items } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
        skipError: params.skipError,
        signal: requestSignal(c),
        deadline: requestDeadline(c),
      });
    } catch (e) {
      if (input.inline && e instanceof SluiceError) throw new SluiceError(e.code, `Failed to exec pipeline: ${e.message}`, { cause: e });
      throw e;
    }
    return jsonExact(c, dryrunBody(result.tables, input.pipeline.warnings ?? []));
  });

  app.get('/:name/ddl', (c) => {
    const name = c.req.param('name');
    if (name.startsWith(RESERVED_PREFIX)) {
      throw invalidParameter("built-in pipelines don't have fixed table schema");
    }
    const table = c.req.query('table');
    if (table === undefined || table.trim() === '') throw invalidParameter('table name is required');
    const { pipeline } = deps.pipelines.resolve(name, c.req.query('version'));
    const schema = pipeline.declaredSchema;
    if (schema === undefined) throw invalidParameter("auto transform doesn't have fixed table schema");
    const sql = createTableText(
      {
        name: table,
        columns: schema.map((col) => ({ ...col, nullable: col.semantic !== 'timestamp' })),
        timeIndex: schema.find((col) => col.semantic === 'timestamp')!.name,
        primaryKey: schema.filter((col) => col.semantic === 'tag').map((col) => col.name),
        options: { append_mode: true },
      },
      { quote: '`', blankBeforeEngine: false },
    );
    const db = databaseParam(c.req.query('db') ?? c.req.header('x-service-db-name'));
    const message = deps.store.getTable(db, table) !== undefined
      ? 'table already exists, the CREATE TABLE SQL may be different'
      : pipeline.hasVariantTableName
        ? 'the pipeline has dispatcher or table_suffix, the table name may not be fixed'
        : undefined;
    return jsonExact(c, { sql: { sql, ...(message !== undefined ? { message } : {}) } });
  });

  app.post('/:name', async (c) => {
    const name = c.req.param('name');
    const stored = await deps.pipelines.upload(name, await pipelineText(c, maxBodyBytes));
    deps.logging.forTarget('pipeline').info({ pipeline: name, version: stored.version }, 'pipeline uploaded');
    return jsonExact(c, { pipelines: [brief(stored)] });
  });

  app.get('/', (c) => jsonExact(c, { pipelines: deps.pipelines.list().map(brief) }));

  app.get('/:name', (c) => {
    const p = deps.pipelines.get(c.req.param('name'), c.req.query('version'));
    return jsonExact(c, { pipelines: [{ ...brief(p), pipeline: p.yaml }] });
  });

  app.delete('/:name', async (c) => {
    const deleted = await deps.pipelines.delete(c.req.param('name'), c.req.query('version'));
    return jsonExact(c, { pipelines: [brief(deleted)] });
  });

  return app;
}
