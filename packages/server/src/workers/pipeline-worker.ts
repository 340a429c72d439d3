// Worker thread entry: parses request bodies and runs pipelines, so the main thread only does HTTP
// and store writes. Compiled pipelines are cached per name and version, as on the main thread.
import { parentPort } from 'node:worker_threads';
import { parsePipeline, type Pipeline } from '@sluice/pipeline-core';
import { bodyText } from '../ingest/body-text.js';
import { parseItemsWithin } from '../ingest/item-limits.js';
import { encodeTables, toWireError, type PipelineReply, type PipelineTask } from './protocol.js';

const cache = new Map<string, Pipeline>();

function pipelineFor(task: PipelineTask): Pipeline {
  if (task.key === '') return parsePipeline(task.yaml);
  let p = cache.get(task.key);
  if (p === undefined) {
    p = parsePipeline(task.yaml);
    cache.set(task.key, p);
  }
  return p;
}

function handle(task: PipelineTask): PipelineReply {
  try {
    const text = task.body ?? (task.bytes !== undefined ? bodyText(task.bytes, task.strictUtf8) : '');
    const items = task.items ?? parseItemsWithin(text, task.contentType, task.limits);
    const result = pipelineFor(task).run(items, { skipError: task.skipError, maxValueSize: task.limits.maxValueSize });
    const { tables, tagged } = encodeTables(result.tables);
    return { id: task.id, ok: true, items: items.length, tables, tagged, errors: result.errors };
  } catch (e) {
    return { id: task.id, ok: false, error: toWireError(e) };
  }
}

parentPort?.on('message', (task: PipelineTask) => parentPort!.postMessage(handle(task)));
