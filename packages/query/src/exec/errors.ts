import { SluiceError, StatusCode } from '@sluice/pipeline-core';

/** A query stopped by its caller (client gone) or its deadline (codes 1005 Cancelled / 1006 DeadlineExceeded). */
export class QueryCancelledError extends SluiceError {
  override name = 'QueryCancelledError';
  constructor(code: typeof StatusCode.Cancelled | typeof StatusCode.DeadlineExceeded, message: string) {
    super(code, message);
  }
}

/** A query over one of its budgets (code 6000 RuntimeResourcesExhausted); names the budget and its config key. */
export class QueryBudgetError extends SluiceError {
  override name = 'QueryBudgetError';
  constructor(message: string) {
    super(StatusCode.RuntimeResourcesExhausted, message);
  }
}

/** The error for an aborted signal: its reason when that already carries a status code, else Cancelled. */
export function abortError(signal: AbortSignal): SluiceError {
  const r: unknown = signal.reason;
  if (r instanceof SluiceError) return r;
  if (r instanceof Error && r.name === 'TimeoutError') return new QueryCancelledError(StatusCode.DeadlineExceeded, 'query exceeded its deadline');
  return new QueryCancelledError(StatusCode.Cancelled, 'query cancelled');
}
