import { SluiceError, StatusCode } from '@sluice/pipeline-core';

/** Prometheus's `errorType` for an error (bad_data, execution, timeout, canceled, internal). */
export type PromErrorType = 'bad_data' | 'execution' | 'timeout' | 'canceled' | 'internal';

/** Base of PromQL errors: a SluiceError that also knows the Prometheus API's `errorType`. */
export class PromqlError extends SluiceError {
  override name = 'PromqlError';
  constructor(code: StatusCode, readonly errorType: PromErrorType, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

/** The query text does not parse or type-check; `position` is the 0-based character offset. */
export class PromqlSyntaxError extends PromqlError {
  override name = 'PromqlSyntaxError';
  constructor(readonly position: { line: number; column: number } | undefined, message: string) {
    super(StatusCode.InvalidSyntax, 'bad_data', position ? `${position.line}:${position.column}: parse error: ${message}` : `parse error: ${message}`);
  }
}

/** A query that parsed but fails while running (duplicate label sets, bad label_replace regex, ...). */
export class PromqlExecutionError extends PromqlError {
  override name = 'PromqlExecutionError';
  constructor(message: string) {
    super(StatusCode.EngineExecuteQuery, 'execution', message);
  }
}

/** A request outside the engine's limits: too many samples, too many points per series. */
export class PromqlLimitError extends PromqlError {
  override name = 'PromqlLimitError';
  constructor(message: string, errorType: PromErrorType = 'execution') {
    super(StatusCode.RuntimeResourcesExhausted, errorType, message);
  }
}

/** The caller's AbortSignal fired (client gone, request timeout). */
export class PromqlCanceledError extends PromqlError {
  override name = 'PromqlCanceledError';
  constructor(reason: string) {
    super(StatusCode.Cancelled, 'canceled', `query was canceled: ${reason}`);
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    const r = signal.reason as unknown;
    throw new PromqlCanceledError(r instanceof Error ? r.message : typeof r === 'string' ? r : 'aborted');
  }
}
