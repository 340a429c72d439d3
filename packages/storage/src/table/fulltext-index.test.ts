import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColumnSchema } from '@sluice/pipeline-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkView } from '../codec/chunk-codec.js';
import { openLmdbStore } from '../index.js';
import { collect } from '../test-support.js';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function store() {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-fulltext-'));
  dirs.push(dir);
  return openLmdbStore({ dataHome: dir, ttlSweepIntervalMs: 0, noSync: true });
}

const schema = (index?: 'fulltext'): ColumnSchema[] => [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'msg', type: 'string', semantic: 'field', ...(index ? { index } : {}) },
];

describe('full-text index of append-mode chunks', () => {
  for (const index of ['fulltext', undefined] as const) {
    it(`word predicates ${index ? 'skip chunks whose filter lacks the word' : 'read every chunk without an index'}; the rows are the same`, async () => {
      const s = await store();
      // Three writes far apart in time: three chunks; only the second holds 'timeout'.
      const batches = [['GET /a ok', 'GET /b ok'], ['upstream ERROR: timeout', 'GET /c ok'], ['retry later', 'x_timeout']];
      for (const [b, msgs] of batches.entries()) {
        await s.write([{ db: 'public', table: 'logs', schema: schema(index), options: { append_mode: true }, rows: msgs.map((m, i) => [b * 3_600_000 + i, m]) }]);
      }
      const masks = vi.spyOn(ChunkView.prototype, 'textMask');
      const rows = await collect(s, { db: 'public', table: 'logs', columns: ['msg'], predicates: [{ column: 'msg', op: 'word', value: 'Timeout' }] });
      expect(rows).toEqual([{ msg: 'upstream ERROR: timeout' }]);
      expect(masks).toHaveBeenCalledTimes(index ? 1 : 3);
      masks.mockClear();
      expect(await s.aggregate({ db: 'public', table: 'logs', aggregates: [{ fn: 'count' }], predicates: [{ column: 'msg', op: 'word', value: 'absent' }] })).toEqual([[0]]);
      expect(masks).toHaveBeenCalledTimes(index ? 0 : 3);
      await s.close();
    });
  }

  it('compaction keeps the filters (merged chunks get one over all their rows)', async () => {
    const s = await store();
    for (let i = 0; i < 5; i++) await s.write([{ db: 'public', table: 'logs', schema: schema('fulltext'), options: { append_mode: true }, rows: [[i, i === 3 ? 'disk full' : 'fine']] }]);
    await s.compact();
    expect(await s.statistics('public', 'logs')).toMatchObject({ chunks: 1, rows: 5 });
    const masks = vi.spyOn(ChunkView.prototype, 'textMask');
    expect(await collect(s, { db: 'public', table: 'logs', columns: ['ts'], predicates: [{ column: 'msg', op: 'word', value: 'disk' }] })).toEqual([{ ts: 3n }]);
    expect(await collect(s, { db: 'public', table: 'logs', columns: ['ts'], predicates: [{ column: 'msg', op: 'word', value: 'warning' }] })).toEqual([]);
    expect(masks).toHaveBeenCalledTimes(1);
    await s.close();
  });
});
