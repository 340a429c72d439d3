import { SluiceError, StatusCode } from '@sluice/pipeline-core';

/** Why a request's signal fired, as the error to answer: its own SluiceError (a time-out), else Cancelled (the client went away). */
export function abortReason(signal: AbortSignal): unknown {
  const r: unknown = signal.reason;
  if (r instanceof SluiceError) return r;
  return new SluiceError(StatusCode.Cancelled, 'request cancelled');
}
