import { SluiceError, StatusCode } from '@sluice/pipeline-core';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/**
 * A decoded request body as text. With `strict` (the `http.is_strict_mode` option) invalid UTF-8 is a
 * 400; otherwise it becomes U+FFFD. Runs on the main thread or on a pipeline worker (which gets the
 * body's bytes transferred, not copied).
 */
export function bodyText(bytes: Uint8Array, strict = false): string {
  if (!strict) return lenientUtf8.decode(bytes);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new SluiceError(StatusCode.InvalidArguments, 'request body is not valid UTF-8 (http.is_strict_mode is on)');
  }
}
