import { SluiceError, StatusCode } from '../errors/index.js';

/**
 * An item failed while a pipeline ran (a processor, the transform, a table option set by the record,
 * the dispatcher). The message names the item index and, when a processor failed, its index and kind.
 */
export class PipelineRunError extends SluiceError {
  override name = 'PipelineRunError';
  readonly itemIndex: number;
  readonly processor: { readonly index: number; readonly kind: string } | undefined;
  /** The message without the `item N: processor K (kind):` prefix (what `errors[].message` lists). */
  readonly detail: string;

  constructor(itemIndex: number, processor: { index: number; kind: string } | undefined, cause: unknown) {
    const inner = cause instanceof Error ? cause.message : String(cause);
    const where = processor === undefined ? '' : ` processor ${processor.index} (${processor.kind}):`;
    super(codeOf(cause), `item ${itemIndex}:${where} ${inner}`, { cause });
    this.itemIndex = itemIndex;
    this.processor = processor;
    this.detail = inner;
  }
}

function codeOf(e: unknown): StatusCode {
  if (e instanceof SluiceError) return e.code;
  // A plain Error out of a processor is a bug in Sluice, not bad input.
  return e instanceof Error && !(e instanceof TypeError || e instanceof RangeError) ? StatusCode.InvalidArguments : StatusCode.Internal;
}
