import type { MiddlewareHandler } from 'hono';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';

/** Fails a request that runs longer than `ms` with DeadlineExceeded (HTTP 408). */
export function requestTimeout(ms: number, text: string): MiddlewareHandler {
  return async function requestTimeout(_c, next) {
    if (ms <= 0) return next();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SluiceError(StatusCode.DeadlineExceeded, `request timed out after ${text}`)), ms);
    });
    try {
      const run = next();
      run.catch(() => undefined); // a late failure after the timeout has already answered
      await Promise.race([run, expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}
