import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLmdbStore, type LmdbStore, type WriteRequest } from '@sluice/storage';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeDeps } from '../testing/fake-deps.js';
import { createServerMetrics } from '../metrics/server-metrics.js';
import { PipelineService } from '../pipelines/pipeline-service.js';
import { corePipelineCompiler } from '../pipelines/core-compiler.js';
import { ingestLogs } from './ingest-logs.js';
import { MAX_AHEAD_ROWS } from '../pipelines/encode-ahead.js';

// Without pipeline workers the pipeline runs on the main thread, and the rows of an existing append-mode
// table are encoded right after it (encode-ahead.ts), as a worker would: the store's transaction only
// stores bytes. Should the table change before the commit, the request runs again from its body.

// (Flow-style YAML: the same pipeline as routes/ingest.test.ts's, on two lines.)
const PIPELINE = `processors: [{ dissect: { field: message, patterns: ['%{ip} %{method} %{status}'] } }]
transform: [{ fields: [ip, method], type: string }, { field: status, type: int32 }]
`;

const dirs: string[] = [];
const stores: LmdbStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Deps over a real store, recording each write's requests as the store got them (before it ran them). */
async function setup(beforeWrite?: (reqs: readonly WriteRequest[], store: LmdbStore) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-ingest-logs-'));
  dirs.push(dir);
  const store = await openLmdbStore({ dataHome: dir, ttlSweepIntervalMs: 0 });
  stores.push(store);
  const seen: { encoded: boolean; table: string }[][] = [];
  const write = store.write.bind(store);
  const recording = Object.create(store, {
    write: {
      value: async (reqs: readonly WriteRequest[]) => {
        seen.push(reqs.map((r) => ({ encoded: r.encoded !== undefined, table: r.table })));
        await beforeWrite?.(reqs, store);
        return write(reqs);
      },
    },
  }) as LmdbStore;
  const deps = { ...fakeDeps(), store: recording, pipelines: new PipelineService(store.pipelines, corePipelineCompiler()), metrics: createServerMetrics(recording) };
  await deps.pipelines.upload('web', PIPELINE);
  return { deps, store, seen };
}

const req = (body: string) => ({ db: 'public', table: 'logs', pipelineName: 'web', skipError: false, body, contentType: 'text/plain' as const });

async function rowsOf(store: LmdbStore): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for await (const b of store.scan({ db: 'public', table: 'logs', columns: ['ip', 'method', 'status'] })) {
    for (let i = 0; i < b.length; i++) out.push(b.columns.map((c) => c.values[i]));
  }
  return out.sort((a, b) => String(a).localeCompare(String(b)));
}

describe('ingestLogs on the main thread', () => {
  it('encodes the rows of an existing append-mode table before the write; the table reads the same', async () => {
    const { deps, store, seen } = await setup();
    expect(await ingestLogs(deps, req('1.1.1.1 GET 200\n2.2.2.2 PUT 404'))).toEqual([{ db: 'public', table: 'logs', affectedRows: 2 }]);
    expect(await ingestLogs(deps, req('3.3.3.3 POST 500\n\n4.4.4.4 GET 201\n'))).toEqual([{ db: 'public', table: 'logs', affectedRows: 2 }]);
    // The first write created the table (rows); the second found it and was encoded ahead.
    expect(seen).toEqual([[{ encoded: false, table: 'logs' }], [{ encoded: true, table: 'logs' }]]);
    expect(await rowsOf(store)).toEqual([
      ['1.1.1.1', 'GET', 200],
      ['2.2.2.2', 'PUT', 404],
      ['3.3.3.3', 'POST', 500],
      ['4.4.4.4', 'GET', 201],
    ]);
  });

  it('runs the request again from its body when the table changed after its rows were encoded: each row stored once', async () => {
    let altered = false;
    const { deps, store, seen } = await setup(async (reqs, s) => {
      if (altered || reqs[0]!.encoded === undefined) return;
      altered = true;
      await s.alterTable('public', 'logs', { kind: 'add_column', column: { name: 'note', type: 'string', semantic: 'field', nullable: true } });
    });
    await ingestLogs(deps, req('1.1.1.1 GET 200'));
    expect(await ingestLogs(deps, req('2.2.2.2 PUT 404\n3.3.3.3 GET 200'))).toEqual([{ db: 'public', table: 'logs', affectedRows: 2 }]);
    expect(seen.map((w) => w[0]!.encoded)).toEqual([false, true, false]);
    expect(await rowsOf(store)).toEqual([
      ['1.1.1.1', 'GET', 200],
      ['2.2.2.2', 'PUT', 404],
      ['3.3.3.3', 'GET', 200],
    ]);
  });

  it('leaves a large table as rows (the store prepares it in slices that yield)', async () => {
    const { deps, seen } = await setup();
    await ingestLogs(deps, req('1.1.1.1 GET 200'));
    const lines = Array.from({ length: MAX_AHEAD_ROWS + 1 }, (_, i) => `10.0.${i >> 8}.${i & 255} GET 200`).join('\n');
    expect(await ingestLogs(deps, req(lines))).toEqual([{ db: 'public', table: 'logs', affectedRows: MAX_AHEAD_ROWS + 1 }]);
    expect(await ingestLogs(deps, req('2.2.2.2 GET 200'))).toEqual([{ db: 'public', table: 'logs', affectedRows: 1 }]);
    expect(seen.map((w) => w[0]!.encoded)).toEqual([false, false, true]);
  });

  it('keeps a bad line a 400 naming the item, with nothing written', async () => {
    const { deps, store } = await setup();
    await ingestLogs(deps, req('1.1.1.1 GET 200'));
    await expect(ingestLogs(deps, req('2.2.2.2 PUT 404\nnot-a-match'))).rejects.toMatchObject({ message: expect.stringMatching(/^item 1: /) });
    expect(await rowsOf(store)).toEqual([['1.1.1.1', 'GET', 200]]);
  });
});
