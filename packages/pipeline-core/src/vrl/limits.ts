import { SluiceError, StatusCode } from '../errors/index.js';

/** The longest string (characters) or array (items) a VRL operator or function may build by default. */
export const DEFAULT_MAX_VALUE_SIZE = 16 * 1024 * 1024;

/**
 * A VRL expression built a value over the pipeline's `maxValueSize` (`"a" * 100000000`,
 * `split(s, "")` of a huge string). Not catchable with `??`: it is a budget, not a data error.
 */
export class VrlLimitError extends SluiceError {
  override name = 'VrlLimitError';
  constructor(what: string, size: number, max: number) {
    super(
      StatusCode.RuntimeResourcesExhausted,
      `${what} would build a value of ${size.toLocaleString('en-US')} characters or items, over the ${max.toLocaleString('en-US')} limit ([ingest] max_value_size)`,
    );
  }
}

/** Throws when `size` is over `max` (default DEFAULT_MAX_VALUE_SIZE). */
export function checkValueSize(what: string, size: number, max: number | undefined): void {
  const limit = max ?? DEFAULT_MAX_VALUE_SIZE;
  if (size > limit) throw new VrlLimitError(what, size, limit);
}
