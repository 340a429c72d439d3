import { PromqlError, promqlToRecords, type PromErrorType, type QueryEngine } from '@sluice/query';
import type { StatusCode } from '@sluice/pipeline-core';
import { promResultJson, promSuccess } from '../formats/prometheus-response.js';
import { sqlEncoder } from '../formats/sql-formats.js';

/** Where the range of a metadata request (`/series`, `/labels`, label values) comes from. */
interface MetadataWork {
  readonly match: string[];
  readonly startMs: number;
  readonly endMs: number;
  readonly db: string;
}

/**
 * One PromQL request, as plain data (it crosses to a query worker): an evaluation answered as the
 * Prometheus API's JSON (`answer: 'prom'`) or in the `/v1/sql` envelope in a format (`/v1/promql`),
 * or a metadata request of the Prometheus API. Parameters are parsed and checked before (their
 * errors are the route's); only the engine's work and the answer's encoding happen here.
 */
export type PromqlWork =
  | {
      readonly op: 'eval';
      readonly query: string;
      readonly startMs: number;
      readonly endMs: number;
      readonly stepMs: number;
      readonly instant: boolean;
      readonly db: string;
      readonly lookbackMs?: number | undefined;
      readonly answer: 'prom' | { readonly format: string };
    }
  | ({ readonly op: 'series' | 'labels' } & MetadataWork)
  | ({ readonly op: 'label_values'; readonly name: string } & MetadataWork);

export interface PromqlAnswer {
  readonly body: string;
  readonly contentType: string;
  /** For `/v1/promql`'s execution_time_ms and x-service-execution-time. */
  readonly elapsedMs: number;
}

/**
 * Runs `w` on `engine` and encodes its answer. The same function serves the query workers and the
 * main thread (no workers, or the ClickHouse backend), so both answer the same bytes.
 * `elapsed` is the request's time so far (read once the work is done).
 */
export async function runPromqlWork(engine: QueryEngine, w: PromqlWork, signal: AbortSignal | undefined, elapsed: () => number): Promise<PromqlAnswer> {
  const json = (data: string): PromqlAnswer => ({ body: promSuccess(data), contentType: 'application/json', elapsedMs: elapsed() });
  const meta = { match: w.op === 'eval' ? [] : w.match, startMs: w.startMs, endMs: w.endMs, db: w.db, ...(signal ? { signal } : {}) };
  switch (w.op) {
    case 'eval': {
      const res = await engine.executePromql({
        query: w.query,
        startMs: w.startMs,
        endMs: w.endMs,
        stepMs: w.stepMs,
        instant: w.instant,
        db: w.db,
        lookbackMs: w.lookbackMs,
        ...(signal ? { signal } : {}),
      });
      if (w.answer === 'prom') return json(await promResultJson(res));
      const format = sqlEncoder(w.answer.format);
      const ms = elapsed();
      const { body, contentType } = format.encode([promqlToRecords(res)], ms);
      return { body, contentType, elapsedMs: ms };
    }
    case 'series':
      return json(JSON.stringify(await engine.promqlSeries(meta)));
    case 'labels':
      return json(JSON.stringify(await engine.promqlLabelNames(meta)));
    case 'label_values':
      return json(JSON.stringify(await engine.promqlLabelValues(w.name, meta)));
  }
}

/** What a PromqlError keeps across threads beyond its code and message: Prometheus's errorType, and whether it is a parse error. */
export interface PromqlWireError {
  readonly errorType: PromErrorType;
  readonly syntax: boolean;
}

export function promqlWireError(e: unknown): PromqlWireError | undefined {
  return e instanceof PromqlError ? { errorType: e.errorType, syntax: e.name === 'PromqlSyntaxError' } : undefined;
}

/** A worker's PromqlError again, so the routes answer it as if it had been thrown here. */
export function promqlErrorFromWire(code: StatusCode, message: string, w: PromqlWireError): PromqlError {
  const e = new PromqlError(code, w.errorType, message);
  if (w.syntax) e.name = 'PromqlSyntaxError';
  return e;
}
