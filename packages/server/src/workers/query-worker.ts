// Worker thread entry: runs the read-only SQL of `/v1/sql` requests and PromQL requests on the store (LMDB opened again on
// this thread: lmdb-js shares the environment between the threads of a process), so a long query
// holds one worker and never the main thread's event loop. Writes stay on the main thread, which owns
// the store's catalog; this thread reloads the catalog before each query, so a table created by one
// request is visible to the next. `[query] memory_pool_size` is shared through a SharedArrayBuffer.
import { lowerThreadPriority } from './lower-priority.js';
import { parentPort, workerData } from 'node:worker_threads';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { isReadOnlySql, parseSqlStatements } from '@sluice/query';
import { openLmdbStore } from '@sluice/storage';
import { queryEngineFor } from '../engines.js';
import { queryLimits } from '../config/limits.js';
import { describeError, HttpRequestError } from '../errors.js';
import { sqlEncoder, SINGLE_OUTPUT_FORMATS } from '../formats/sql-formats.js';
import { refuseMultiStatements } from '../formats/single-output.js';
import { promqlWireError, runPromqlWork } from './promql-work.js';
import type { QueryCancel, QueryReply, QueryTask, QueryWorkerData } from './query-protocol.js';

const data = workerData as QueryWorkerData;
const store = await openLmdbStore({ dataHome: data.dataHome, ttlSweepIntervalMs: 0 });
const engine = queryEngineFor(store, data.config, data.config.promql, { buffer: data.poolBuffer, slot: data.slot });
const limits = queryLimits(data.config);
const running = new Map<number, AbortController>();
const now = () => performance.timeOrigin + performance.now();

/** Statements this thread may run: those that only read, and TQL (PromQL through SQL). */
function onlyReads(sql: string): boolean {
  return isReadOnlySql(sql) || parseSqlStatements(sql).every((s) => s.kind === 'tql');
}

async function handle(task: QueryTask): Promise<{ reply: QueryReply; transfer: ArrayBuffer[] }> {
  const ac = new AbortController();
  running.set(task.id, ac);
  let timer: NodeJS.Timeout | undefined;
  if (task.deadline !== undefined) {
    timer = setTimeout(
      () => ac.abort(new HttpRequestError(StatusCode.DeadlineExceeded, 408, `request timed out after ${task.timeoutText ?? 'its timeout'}`)),
      Math.max(0, task.deadline - Date.now()),
    );
  }
  try {
    if (task.kind === 'promql') {
      store.reloadCatalog();
      const a = await runPromqlWork(engine, task.work, ac.signal, () => Math.round(now() - task.startedAt));
      const bytes = new TextEncoder().encode(a.body);
      return { reply: { id: task.id, ok: true, body: bytes, contentType: a.contentType, elapsedMs: a.elapsedMs }, transfer: [bytes.buffer as ArrayBuffer] };
    }
    if (!onlyReads(task.sql)) return { reply: { id: task.id, ok: false, write: true }, transfer: [] };
    store.reloadCatalog();
    const format = sqlEncoder(task.format);
    const refuse = SINGLE_OUTPUT_FORMATS.has(format.name);
    const outputs = await engine.executeSql(task.sql, {
      db: task.db,
      limits,
      signal: ac.signal,
      ...(task.timezone !== undefined ? { timezone: task.timezone } : {}),
      ...(refuse ? { onParsed: (n: number) => refuseMultiStatements(n, format.name) } : {}),
    });
    const elapsedMs = Math.round(now() - task.startedAt);
    const { body, contentType } = format.encode(outputs, elapsedMs);
    const bytes = new TextEncoder().encode(body);
    return { reply: { id: task.id, ok: true, body: bytes, contentType, elapsedMs }, transfer: [bytes.buffer as ArrayBuffer] };
  } catch (e) {
    const { code, message, httpStatus } = describeError(e);
    const promql = promqlWireError(e);
    return { reply: { id: task.id, ok: false, error: { code: code as StatusCode, message, httpStatus, ...(promql ? { promql } : {}) } }, transfer: [] };
  } finally {
    clearTimeout(timer);
    running.delete(task.id);
  }
}

parentPort?.on('message', (msg: QueryTask | QueryCancel) => {
  if ('cancel' in msg) {
    running.get(msg.cancel)?.abort(new SluiceError(StatusCode.Cancelled, 'request cancelled'));
    return;
  }
  void handle(msg).then(({ reply, transfer }) => parentPort!.postMessage(reply, transfer));
});

// Build the SQL parser now (chevrotain builds its lookahead tables on first use: seconds on a busy
// machine), then the store is open and the engine ready: the pool may count this worker as warm.
isReadOnlySql('SELECT 1');
// Loaded at the main thread's priority (a first query waits for this), tasks run below it.
lowerThreadPriority();
parentPort?.postMessage({ ready: true });
