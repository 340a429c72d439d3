import { SluiceError, StatusCode } from '../errors/index.js';

/**
 * An item failed while a pipeline ran (a processor, the transform, a table option set by the record,
 * the dispatcher). The message names the item index, the dispatched-to pipeline if the failure
 * happened there, and the processor by index and kind when a processor failed:
 * `item 3: pipeline 'nginx': processor 1 (date): date (field 'ts'): ...`.
 */
export class PipelineRunError extends SluiceError {
  override name = 'PipelineRunError';
  readonly itemIndex: number;
  readonly processor: { readonly index: number; readonly kind: string } | undefined;
  /** The pipeline a dispatcher rule sent the record to, when the failure happened there. */
  readonly pipeline: string | undefined;
  /** The message without the `item N: processor K (kind):` prefix (what `errors[].message` lists). */
  readonly detail: string;

  constructor(itemIndex: number, processor: { index: number; kind: string } | undefined, cause: unknown, pipeline?: string) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const inPipeline = pipeline === undefined ? '' : ` pipeline '${pipeline}':`;
    const inProcessor = processor === undefined ? '' : ` processor ${processor.index} (${processor.kind}):`;
    super(codeOf(cause), `item ${itemIndex}:${inPipeline}${inProcessor} ${reason}`, { cause });
    this.itemIndex = itemIndex;
    this.processor = processor;
    this.pipeline = pipeline;
    this.detail = pipeline === undefined ? reason : `pipeline '${pipeline}': ${reason}`;
  }

  /** The same failure, located in the pipeline `name` (kept if already located deeper). */
  within(name: string): PipelineRunError {
    return this.pipeline !== undefined ? this : new PipelineRunError(this.itemIndex, this.processor, this.cause, name);
  }
}

function codeOf(e: unknown): StatusCode {
  if (e instanceof SluiceError) return e.code;
  // A plain Error out of a processor is a bug in Sluice, not bad input.
  return e instanceof Error && !(e instanceof TypeError || e instanceof RangeError) ? StatusCode.InvalidArguments : StatusCode.Internal;
}
