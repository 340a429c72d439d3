// Worker thread entry: parses request bodies and runs pipelines (or decodes protocol bodies, DecodeTask), so the main thread only does HTTP
// and store writes. Compiled pipelines are cached per name and version, as on the main thread; a
// dispatcher resolves the pipelines it routes to from the ones shipped with the task.
import { lowerThreadPriority } from './lower-priority.js';
import { parentPort } from 'node:worker_threads';
import { identityPipeline, IDENTITY_PIPELINE_NAME, parsePipeline, type IdentityOptions, type Pipeline } from '@sluice/pipeline-core';
import { encodeAppendWrite } from '@sluice/storage/encode';
import { IDENTITY_TASK_KEY } from '../pipelines/pipeline-service.js';
import { bodyText } from '../ingest/body-text.js';
import { parseItemsWithin } from '../ingest/item-limits.js';
import { decodeItems, packTables, toWireError, type BundledPipeline, type DecodeTask, type PipelineReply, type PipelineTask } from './protocol.js';
import { handleDecode } from './decode-work.js';
import { layoutFromText } from './layout-text.js';

const cache = new Map<string, Pipeline>();
/** The dispatch targets of the task running now (a worker runs one task at a time). */
let bundle = new Map<string, BundledPipeline>();

function compile(key: string, yaml: string, identity?: IdentityOptions): Pipeline {
  if (key === IDENTITY_TASK_KEY) return identityPipeline(identity);
  if (key === '') return parsePipeline(yaml, { resolvePipeline });
  let p = cache.get(key);
  if (p === undefined) {
    p = parsePipeline(yaml, { resolvePipeline });
    cache.set(key, p);
  }
  return p;
}

function resolvePipeline(name: string): Pipeline | undefined {
  if (name === IDENTITY_PIPELINE_NAME) return identityPipeline();
  const b = bundle.get(name);
  return b === undefined ? undefined : compile(b.key, b.yaml);
}

function handle(task: PipelineTask): { reply: PipelineReply; transfer: ArrayBuffer[] } {
  try {
    bundle = new Map((task.pipelines ?? []).map((b) => [b.name, b]));
    const text = task.body ?? (task.bytes !== undefined ? bodyText(task.bytes, task.strictUtf8) : '');
    const items = task.items !== undefined ? decodeItems(task.items) : parseItemsWithin(text, task.contentType, task.limits);
    const result = compile(task.key, task.yaml, task.identity).run(items, {
      skipError: task.skipError,
      maxValueSize: task.limits.maxValueSize,
      maxSteps: task.limits.vrlMaxSteps,
      ...(task.deadline !== undefined ? { deadline: task.deadline } : {}),
    });
    // The unsuffixed table, when the server sent its layout: encoded here too (the server only stores bytes).
    const layout = task.layout === undefined ? undefined : layoutFromText(task.layout);
    const { tables, transfer } = packTables(result.tables, layout === undefined ? undefined : (t) => (t.suffix === '' ? encodeAppendWrite(layout, t) : undefined));
    return { reply: { id: task.id, ok: true, items: items.length, tables, errors: result.errors }, transfer };
  } catch (e) {
    return { reply: { id: task.id, ok: false, error: toWireError(e) }, transfer: [] };
  }
}

parentPort?.on('message', (task: PipelineTask | DecodeTask) => {
  const { reply, transfer } = 'kind' in task && task.kind === 'decode' ? handleDecode(task) : handle(task as PipelineTask);
  parentPort!.postMessage(reply, transfer);
});

// Loaded (the pipeline library's parsers are built at import): the pool may count this worker as warm.
// Loaded at the main thread's priority (a first query waits for this), tasks run below it.
lowerThreadPriority();
parentPort?.postMessage({ ready: true });
