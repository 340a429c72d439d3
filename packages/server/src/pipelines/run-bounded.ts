import { SluiceError, StatusCode, type Doc } from '@sluice/pipeline-core';
import type { WriteLayout } from '@sluice/storage';
import type { AppDeps } from '../deps.js';
import { ingestLimits, type IngestLimits } from '../config/limits.js';
import { checkItemCount, checkLines, parseItemsWithin } from '../ingest/item-limits.js';
import { ndjsonLine, type IngestContentType } from '../ingest/parse-items.js';
import { bodyText } from '../ingest/body-text.js';
import { encodeItems, unpackTablesSliced } from '../workers/protocol.js';
import { abortReason } from '../workers/abort-reason.js';
import type { CompiledPipeline, RunOpts, RunResult } from './compiler.js';
import type { WorkerSource } from './pipeline-service.js';
import { encodeAhead } from './encode-ahead.js';
import { layoutText } from '../workers/layout-text.js';

/** Items run between two looks at the clock on the main thread. */
const ITEMS_PER_STEP = 64;
/** How long a pipeline runs on the main thread before it lets other requests in. */
const SLICE_MS = 10;

/**
 * A request body: text, or bytes (decoded where the pipeline runs; on a worker their buffer is
 * transferred without a copy, so the caller must not use them after).
 */
export type BoundedBody =
  | { readonly text: string; readonly contentType: IngestContentType }
  | { readonly bytes: Uint8Array; readonly strictUtf8: boolean; readonly contentType: IngestContentType };

/** Bytes that own their whole buffer (so it can be transferred to a worker); a view into a larger buffer is copied. */
function transferable(b: Uint8Array): Uint8Array {
  return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer ? b : new Uint8Array(b);
}

export interface BoundedRun {
  readonly pipeline: CompiledPipeline;
  /** What a worker needs to run it (see PipelineService.workerSource); absent: it runs here. */
  readonly source: WorkerSource | undefined;
  /** Items already parsed (dry runs, protocol records), or a body to parse (on the worker when it runs there). */
  readonly items?: readonly (Doc | string)[];
  readonly body?: BoundedBody;
  readonly skipError: boolean;
  /** Fires at the deadline or when the client goes away. */
  readonly signal: AbortSignal | undefined;
  /** The request's deadline (ms since the epoch), for the parts that cannot watch the signal. */
  readonly deadline: number | undefined;
  /**
   * The layout of the table the unsuffixed output goes to: its rows are encoded where the pipeline ran, on
   * a worker (PipelineTask.layout) or here (encode-ahead.ts).
   */
  readonly layout?: WriteLayout;
}

/**
 * Runs a pipeline under the request's bounds, wherever it runs. On a pipeline worker (every stored or
 * inline user pipeline, dispatchers included) the worker is terminated at the deadline. On the main
 * thread (the built-in identity, or every pipeline when `[ingest] workers = 0`) it runs in slices of
 * SLICE_MS with a yield between them, so `/health` and other requests go on; the signal is checked at
 * each yield, and the deadline between items and inside VRL programs. VRL work and value sizes are
 * bounded per record on both paths (`[ingest] vrl_max_steps`, `max_value_size`).
 */
export async function runPipelineBounded(deps: AppDeps, r: BoundedRun): Promise<RunResult> {
  const limits = ingestLimits(deps.config);
  if (r.signal?.aborted) throw abortReason(r.signal);
  if (r.source !== undefined && deps.pipelineWorkers !== undefined) {
    deps.metrics.workerTasks.inc();
    const layout = r.layout === undefined ? undefined : layoutText(r.layout);
    const res = await deps.pipelineWorkers.run(
      {
        ...r.source,
        ...(r.body === undefined ? { body: '' } : 'text' in r.body ? { body: r.body.text } : { bytes: transferable(r.body.bytes), strictUtf8: r.body.strictUtf8 }),
        contentType: r.body?.contentType ?? 'application/json',
        ...(r.items !== undefined ? { items: encodeItems(r.items) } : {}),
        skipError: r.skipError,
        limits,
        ...(r.deadline !== undefined ? { deadline: r.deadline } : {}),
        ...(layout !== undefined ? { layout } : {}),
      },
      r.signal,
    );
    return { tables: await unpackTablesSliced(res.tables, 10, r.signal), errors: res.errors };
  }
  const text = r.body === undefined ? '' : 'text' in r.body ? r.body.text : bodyText(r.body.bytes, r.body.strictUtf8);
  const items = r.items ?? (await parseSliced(text, r.body?.contentType ?? 'application/json', limits, r.signal));
  const opts: RunOpts = { skipError: r.skipError, maxValueSize: limits.maxValueSize, maxSteps: limits.vrlMaxSteps, ...(r.deadline !== undefined ? { deadline: r.deadline } : {}) };
  const result = await runSliced(r.pipeline, items, opts, r.signal);
  return r.layout !== undefined ? encodeAhead(result, r.layout) : result;
}

/**
 * The body's items, parsed on this thread: NDJSON line by line in slices (a yield every SLICE_MS),
 * so a big body does not hold the thread while it is parsed; one JSON document (one JSON.parse) and
 * text lines (a split) at once.
 */
async function parseSliced(text: string, type: IngestContentType, limits: IngestLimits, signal: AbortSignal | undefined): Promise<(Doc | string)[]> {
  if (type !== 'application/x-ndjson') return parseItemsWithin(text, type, limits);
  checkLines(text, type, limits);
  const out: Doc[] = [];
  let sliceStart = performance.now();
  let start = 0;
  for (let n = 1; start <= text.length; n++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const doc = ndjsonLine(text.slice(start, end), n, limits.maxJsonDepth);
    if (doc !== undefined) out.push(doc);
    start = end + 1;
    if ((n & 63) === 0 && performance.now() - sliceStart >= SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
      if (signal?.aborted) throw abortReason(signal);
    }
  }
  checkItemCount(out.length, limits);
  return out;
}

/** A pipeline run on this thread in slices: yields every SLICE_MS, stops when the signal fired. */
export async function runSliced(pipeline: CompiledPipeline, items: readonly (Doc | string)[], opts: RunOpts, signal: AbortSignal | undefined): Promise<RunResult> {
  if (pipeline.start === undefined) return pipeline.run(items, opts);
  const runner = pipeline.start(opts);
  let sliceStart = performance.now();
  for (let s = 0; s < items.length; s += ITEMS_PER_STEP) {
    runner.add(items, s, Math.min(s + ITEMS_PER_STEP, items.length));
    if (performance.now() - sliceStart >= SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
      if (signal?.aborted) throw abortReason(signal);
    }
  }
  return runner.finish();
}
