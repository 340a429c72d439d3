import { SluiceError, StatusCode, TransformError } from '../errors/index.js';
import { DROP, type ExecContext } from '../processors/processor.js';
import type { TableOptions } from '../table/table-options.js';
import { Timestamp } from '../value/timestamp.js';
import { isValueMap, type Doc, type Value } from '../value/value.js';
import { CompiledPipeline } from './compiled-pipeline.js';
import { identityPipeline } from './identity.js';
import { hasRecordOptions, optionsKey, takeRecordOptions } from './record-options.js';
import { PipelineRunError } from './run-error.js';
import { TableCollector } from './table-collector.js';
import { textRecord } from './text-record.js';
import type { PipelineItemError, PipelineResult, PipelineRunner, RunOptions } from './types.js';

/** How deep dispatcher rules may chain pipelines (a → b → c ...) before it is taken for a loop. */
const MAX_DISPATCH_DEPTH = 8;

/** The state of one `run` call, shared by every item and every pipeline a dispatcher reaches. */
interface RunState {
  readonly ctx: ExecContext;
  readonly out: TableCollector;
  item: number;
  /** The text record of the current item (created by this run). */
  text: Doc | undefined;
  /** The last text record that reached the transform (see ShapeKeeper). */
  lastText: Doc | undefined;
}

/** Runs items through a pipeline: processors, table options from records, dispatcher, transform. */
export function runPipeline(p: CompiledPipeline, items: readonly (Doc | string)[], opts?: RunOptions): PipelineResult {
  const runner = startPipeline(p, opts);
  runner.add(items);
  return runner.finish();
}

/**
 * A run fed in parts: `add` runs items (a slice of an array, item indexes counted from it) into the
 * run's tables, `finish` returns them. Lets a caller on a shared thread run a big request in slices
 * and yield between them; the result is the one `run` gives for all the items at once.
 */
export function startPipeline(p: CompiledPipeline, opts?: RunOptions): PipelineRunner {
  const now = (opts?.now ?? nowTimestamp()).withUnit('ns');
  const deadline = opts?.deadline;
  const ctx: ExecContext = {
    now,
    ...(opts?.maxValueSize !== undefined ? { maxValueSize: opts.maxValueSize } : {}),
    ...(opts?.maxSteps !== undefined ? { maxSteps: opts.maxSteps } : {}),
    ...(deadline !== undefined ? { deadline } : {}),
  };
  const state: RunState = { ctx, out: new TableCollector(), item: 0, text: undefined, lastText: undefined };
  const errors: PipelineItemError[] = [];
  const skipError = opts?.skipError === true;
  return {
    add(items, from = 0, to = items.length) {
      for (let i = from; i < to; i++) {
        // Between items: a run past the request's deadline stops (skip_error does not skip that).
        if (deadline !== undefined && Date.now() > deadline) throw new SluiceError(StatusCode.DeadlineExceeded, `the pipeline was stopped at the request deadline (at item ${i})`);
        state.item = i;
        try {
          const item = items[i] as Doc | string | Value;
          let doc: Doc;
          if (typeof item === 'string') doc = state.text = textRecord(item);
          else if (isValueMap(item)) doc = item;
          else throw new TransformError(undefined, `an item must be a JSON object or a text line, got ${Array.isArray(item) ? 'an array' : typeof item}`);
          processFrom(p, doc, typeof item === 'string', 0, state, 0, '', undefined);
        } catch (e) {
          const err = e instanceof PipelineRunError ? e : new PipelineRunError(i, undefined, e);
          if (!skipError || err.code === StatusCode.DeadlineExceeded) throw err;
          errors.push(err.processor === undefined ? { index: i, message: err.detail, code: err.code } : { index: i, processor: err.processor, message: err.detail, code: err.code });
        }
      }
    },
    finish() {
      const tables = state.out.finish();
      p.shapes.keep(state.lastText, state.out);
      return { tables, errors };
    },
  };
}

function nowTimestamp(): Timestamp {
  return Timestamp.fromMillis(Date.now());
}

/**
 * Runs processors `from..` on one record (fan-out recurses), then routes and writes the result.
 * `owned` tells whether `doc` may be changed: the caller's items are copied only when a processor
 * or a `service_*` key is about to change them.
 */
function processFrom(p: CompiledPipeline, doc: Doc, owned: boolean, from: number, s: RunState, depth: number, suffix: string, options: TableOptions | undefined): void {
  const procs = p.processors;
  const ctx = s.ctx;
  if (!owned && from < procs.length) {
    doc = { ...doc };
    owned = true;
  }
  for (let k = from; k < procs.length; k++) {
    const proc = procs[k]!;
    let r;
    try {
      r = proc.exec(doc, ctx);
    } catch (e) {
      throw new PipelineRunError(s.item, { index: k, kind: proc.kind }, e);
    }
    if (r === DROP) return;
    if (Array.isArray(r)) {
      // An item is written whole or not at all: undo the rows of earlier records if a later one fails.
      const mark = s.out.mark();
      try {
        for (const d of r) {
          if (!isValueMap(d)) throw new PipelineRunError(s.item, { index: k, kind: proc.kind }, new TransformError(undefined, 'a processor fanned out a value that is not an object'));
          processFrom(p, d, true, k + 1, s, depth, suffix, options);
        }
      } catch (e) {
        s.out.rollback(mark);
        throw e;
      }
      return;
    }
    doc = r;
  }
  emit(p, doc, owned, s, depth, suffix, options);
}

function emit(p: CompiledPipeline, doc: Doc, owned: boolean, s: RunState, depth: number, suffix: string, inherited: TableOptions | undefined): void {
  if (!owned && hasRecordOptions(doc)) {
    doc = { ...doc };
    owned = true;
  }
  const rec = takeRecordOptions(doc, inherited);
  const options = rec === undefined ? inherited : rec.options;
  if (p.dispatcher !== undefined) {
    const rule = p.dispatcher.match(doc);
    if (rule !== undefined) {
      if (depth >= MAX_DISPATCH_DEPTH) throw new TransformError(p.dispatcher.field, `dispatcher rules chain more than ${MAX_DISPATCH_DEPTH} pipelines (a loop?)`);
      const target = rule.pipeline === undefined ? identityPipeline() : resolve(p, rule.pipeline);
      try {
        processFrom(target, doc, owned, 0, s, depth + 1, suffix + rule.tableSuffix, options);
      } catch (e) {
        if (rule.pipeline !== undefined) throw (e instanceof PipelineRunError ? e : new PipelineRunError(s.item, undefined, e)).within(rule.pipeline);
        throw e;
      }
      return;
    }
  }
  if (rec?.suffix !== undefined) suffix += rec.suffix;
  else if (p.tableSuffix !== undefined) suffix += p.tableSuffix.render(doc) ?? '';
  const table = s.out.table(suffix, options, options === undefined ? '' : optionsKey(options));
  p.transform.apply(doc, table, s.ctx.now);
  if (doc === s.text) s.lastText = doc;
}

function resolve(p: CompiledPipeline, name: string): CompiledPipeline {
  const found = p.resolvePipeline?.(name);
  if (found === undefined) throw new TransformError(p.dispatcher!.field, `dispatcher pipeline '${name}' not found`);
  if (!(found instanceof CompiledPipeline)) throw new TransformError(p.dispatcher!.field, `dispatcher pipeline '${name}' was not made by parsePipeline`);
  return found;
}
