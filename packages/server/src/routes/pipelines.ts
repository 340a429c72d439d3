import { Hono, type Context } from 'hono';
import { SluiceError, StatusCode, isValueMap, type Value } from '@sluice/pipeline-core';
import type { AppDeps } from '../deps.js';
import type { StoredPipeline } from '@sluice/storage';
import { jsonExact } from '../formats/json-response.js';
import { dryrunBody } from '../formats/dryrun.js';
import { ingestContentType, type IngestContentType } from '../ingest/parse-items.js';
import { parseItemsWithin } from '../ingest/item-limits.js';
import { ingestLimits } from '../config/limits.js';
import { requestSignal } from '../middleware/timeout.js';
import { parseJsonOrFail } from '../ingest/parse-json.js';
import { readBodyText } from '../ingest/read-body.js';
import type { CompiledPipeline } from '../pipelines/compiler.js';
import { requireParam } from '../params.js';

const brief = (p: StoredPipeline) => ({ name: p.name, version: p.version });

/** The uploaded YAML: the raw body, or the first file (else field) of a multipart form. */
async function pipelineText(c: Context, maxBytes: number): Promise<string> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const form = await c.req.parseBody();
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
  /** What a pipeline worker needs to run it (absent: it runs here, see PipelineService.workerSource). */
  readonly source: { key: string; yaml: string } | undefined;
  readonly body: string;
  readonly contentType: IngestContentType;
}

function optionalString(body: Record<string, Value>, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new SluiceError(StatusCode.InvalidArguments, `dry run: '${key}' must be a string`);
  return v;
}

/** The JSON form `{pipeline | pipeline_name, pipeline_version, data, data_type}`. */
function dryrunFromJson(deps: AppDeps, body: Record<string, Value>): DryrunInput {
  const known = new Set(['pipeline', 'pipeline_name', 'pipeline_version', 'data', 'data_type']);
  for (const k of Object.keys(body)) if (!known.has(k)) throw new SluiceError(StatusCode.InvalidArguments, `dry run: unknown key '${k}' (known: ${[...known].join(', ')})`);
  const yaml = optionalString(body, 'pipeline');
  const name = optionalString(body, 'pipeline_name');
  if ((yaml === undefined) === (name === undefined)) throw new SluiceError(StatusCode.InvalidArguments, "dry run: give exactly one of 'pipeline' (YAML) or 'pipeline_name'");
  const version = optionalString(body, 'pipeline_version');
  const pipeline = yaml !== undefined ? deps.pipelines.compile(yaml) : deps.pipelines.resolve(name!, version).pipeline;
  const source = yaml !== undefined ? (/^dispatcher\s*:/m.test(yaml) ? undefined : { key: '', yaml }) : deps.pipelines.workerSource(name!, version);
  const data = body.data;
  if (data === undefined) throw new SluiceError(StatusCode.InvalidArguments, "dry run: missing 'data'");
  if (typeof data !== 'string') return { pipeline, source, body: JSON.stringify(data), contentType: 'application/json' };
  return { pipeline, source, body: data, contentType: ingestContentType(optionalString(body, 'data_type') ?? 'application/json') };
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
    const name = c.req.query('pipeline_name');
    let input: DryrunInput;
    if (name === undefined && (c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) {
      const body = parseJsonOrFail(text, 'the dry-run body');
      if (!isValueMap(body)) throw new SluiceError(StatusCode.InvalidArguments, 'dry run: the JSON body must be an object {pipeline | pipeline_name, data, data_type}');
      input = dryrunFromJson(deps, body);
    } else {
      const pipelineName = requireParam('pipeline_name', name, 'the pipeline to dry-run; or send the JSON form');
      const version = c.req.query('version');
      input = {
        pipeline: deps.pipelines.resolve(pipelineName, version).pipeline,
        source: deps.pipelines.workerSource(pipelineName, version),
        body: text,
        contentType: ingestContentType(c.req.header('content-type')),
      };
    }
    const limits = ingestLimits(deps.config);
    const signal = requestSignal(c);
    // User-supplied YAML runs on a pipeline worker when there are any (isolated, stopped at the deadline).
    const result =
      input.source !== undefined && deps.pipelineWorkers !== undefined
        ? await deps.pipelineWorkers.run({ ...input.source, body: input.body, contentType: input.contentType, skipError: false, limits }, signal)
        : input.pipeline.run(parseItemsWithin(input.body, input.contentType, limits), { skipError: false, maxValueSize: limits.maxValueSize });
    return jsonExact(c, dryrunBody(result.tables));
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
