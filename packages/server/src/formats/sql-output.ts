import type { StatementOutput } from '@sluice/query';

/** An encoded `/v1/sql` response body. */
export interface Encoded {
  readonly body: string;
  readonly contentType: string;
}

/** Encodes statement outputs; `elapsedMs` is the execution time to report. */
export type SqlEncoder = (outputs: readonly StatementOutput[], elapsedMs: number) => Encoded;
