import type { WriteLayout, WriteRequest, WriteResult } from '@sluice/storage';
import type { AppDeps } from '../deps.js';
import { EncodedRowsDropped, layoutStamp, unpackTablesSliced, type DecodeTask } from '../workers/protocol.js';
import type { WithoutId } from '../workers/task-pool.js';
import type { WriteSupport } from './write-support.js';
import { layoutText } from '../workers/layout-text.js';

/** Bodies smaller than this decode on the main thread (a worker round trip costs more than they do). */
export const WORKER_DECODE_MIN_BYTES = 16 * 1024;
/** Databases, and tables per database, remembered (their layouts or stamps go with each task). */
const RECENT_DBS = 64;
const RECENT_TABLES = 1024;
/**
 * Tasks that carry a layout's full text after it changed or a worker said it lacked it, before stamps
 * alone go (enough for every worker of a small pool to have got it; one that has not says so again).
 */
const TEXT_SENDS = 4;

/** What a DecodeTask decodes: the protocol and its parameters, without the body and layouts. */
export type DecodeSpec = Omit<WithoutId<DecodeTask>, 'bytes' | 'layouts' | 'kind'>;

/**
 * Protocol bodies decoded on the ingest workers (the main thread then only commits): the worker
 * decodes the body into one write per table and encodes each table it has a layout for. Layouts go
 * for the tables the protocol wrote recently in that database (a worker learns a table's name by
 * decoding; the first write to a new table sends rows, the next ones bytes), as full text for the
 * first few tasks after a table changed and as a short stamp after that (DecodeTask.layouts).
 */
export class WorkerDecoder {
  /** Per database, per table: the stamp last sent and how many more tasks carry the full text. */
  private readonly recent = new Map<string, Map<string, { stamp: string; texts: number }>>();

  constructor(
    private readonly deps: AppDeps,
    private readonly writes: WriteSupport,
    private readonly minBytes = WORKER_DECODE_MIN_BYTES,
  ) {}

  /**
   * Decodes `body` (on a worker when there are workers and it is large enough, else with `decodeHere`)
   * and writes every table in one transaction. Should a table change between the layout and the commit
   * (nothing is then written), the body is decoded here and written again.
   */
  async write(spec: DecodeSpec, body: Uint8Array, decodeHere: () => WriteRequest[], source: string): Promise<WriteResult[]> {
    const pool = this.deps.pipelineWorkers;
    if (pool === undefined || body.byteLength < this.minBytes) return this.writes.write(decodeHere(), source);
    const requests = await this.decode(spec, body);
    try {
      return await this.writes.write(requests, source);
    } catch (e) {
      if (!(e instanceof EncodedRowsDropped)) throw e;
      return this.writes.write(decodeHere(), source);
    }
  }

  /** The writes a worker decoded from `body` (copied: the caller keeps its bytes). */
  async decode(spec: DecodeSpec, body: Uint8Array): Promise<WriteRequest[]> {
    const pool = this.deps.pipelineWorkers!;
    const names = this.recent.get(spec.db);
    const layouts: Record<string, string> = {};
    if (names !== undefined && this.deps.store.writeLayout !== undefined) {
      for (const [name, sent] of names) {
        const l = this.deps.store.writeLayout(spec.db, name, true);
        if (l === undefined) continue;
        const stamp = layoutStamp(l);
        if (stamp !== sent.stamp) {
          sent.stamp = stamp;
          sent.texts = TEXT_SENDS;
        }
        const text = sent.texts > 0 ? layoutText(l) : stamp;
        if (text === undefined) continue;
        if (sent.texts > 0) sent.texts--;
        layouts[name] = text;
      }
    }
    this.deps.metrics.workerTasks.inc();
    const res = await pool.run({ ...spec, kind: 'decode', bytes: new Uint8Array(body), layouts } as WithoutId<DecodeTask>);
    for (const name of res.missingLayouts ?? []) {
      const sent = names?.get(name);
      if (sent !== undefined) sent.texts = TEXT_SENDS;
    }
    const tables = await unpackTablesSliced(res.tables);
    const out: WriteRequest[] = [];
    for (let i = 0; i < tables.length; i++) {
      const t = tables[i]!;
      const table = res.tables[i]!.name!;
      this.remember(spec.db, table);
      if (t.encoded !== undefined) this.deps.metrics.workerEncoded.inc();
      out.push({
        db: spec.db,
        table,
        schema: t.schema,
        options: t.options,
        ...(t.encoded !== undefined ? { encoded: t.encoded } : {}),
        // A getter: a store that writes the encoded form never asks (and asking throws EncodedRowsDropped).
        get rows() {
          return t.rows;
        },
      });
    }
    return out;
  }

  private remember(db: string, table: string): void {
    let names = this.recent.get(db);
    if (names === undefined) {
      if (this.recent.size >= RECENT_DBS) this.recent.delete(this.recent.keys().next().value!);
      this.recent.set(db, (names = new Map()));
    }
    const sent = names.get(table) ?? { stamp: '', texts: 0 };
    names.delete(table);
    names.set(table, sent);
    if (names.size > RECENT_TABLES) names.delete(names.keys().next().value!);
  }
}
