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

  it('LIKE and word predicates answered from the index give the rows a scan of the values gives', async () => {
    const s = await store();
    const t = await store();
    const words = ['GET', 'timeout', 'Timeout', 'error', 'upstream', 'ok', 'x_timeout', 'took', '12ms', 'retry'];
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const all: string[] = [];
    // Eight chunks (writes an hour apart) of 50 rows; some hold no 'timeout' at all.
    for (let b = 0; b < 8; b++) {
      const msgs = Array.from({ length: 50 }, () => Array.from({ length: 1 + rand(5) }, () => words[rand(b % 3 === 0 ? 6 : words.length)]).join(rand(2) ? ' ' : ': '));
      all.push(...msgs);
      const rows = msgs.map((m, i) => [b * 3_600_000 + i, m]);
      await s.write([{ db: 'public', table: 'logs', schema: schema('fulltext'), options: { append_mode: true }, rows }]);
      await t.write([{ db: 'public', table: 'logs', schema: schema(), options: { append_mode: true }, rows }]);
    }
    const preds = [['contains', 'timeout'], ['contains', 'x_t'], ['contains', 'upstream timeout'], ['contains', 'retry'], ['word', 'timeout'], ['word', 'x_timeout'], ['word', 'retry'], ['contains', 'Time']] as const;
    const wants = [];
    for (const [op, value] of preds) wants.push(await collect(t, { db: 'public', table: 'logs', columns: ['ts', 'msg'], predicates: [{ column: 'msg', op, value }] }));
    expect(wants[0]!.length).toBeGreaterThan(0);
    expect(wants[0]!.length).toBe(all.filter((m) => m.includes('timeout')).length);
    const masks = vi.spyOn(ChunkView.prototype, 'textMask');
    for (const [k, [op, value]] of preds.entries()) {
      const predicates = [{ column: 'msg', op, value }];
      expect(await collect(s, { db: 'public', table: 'logs', columns: ['ts', 'msg'], predicates }), `${op} ${value}`).toEqual(wants[k]);
      expect(await s.aggregate({ db: 'public', table: 'logs', aggregates: [{ fn: 'count' }], predicates })).toEqual([[wants[k]!.length]]);
    }
    // A scan without the index searches every chunk's values for every predicate (8 x 8, twice); with it,
    // most are answered from the tokens or skipped.
    expect(masks.mock.calls.length).toBeLessThan(8 * 8);
    await s.close();
    await t.close();
  });
  it('text tests beside each other and beside time, tag and field tests give the rows of a filter over the values', async () => {
    const s = await store();
    const sch: ColumnSchema[] = [
      { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
      { name: 'host', type: 'string', semantic: 'tag' },
      { name: 'level', type: 'string', semantic: 'field' },
      { name: 'msg', type: 'string', semantic: 'field', index: 'fulltext' },
    ];
    // Chunks of 2,000 rows (postings bitmaps and lists, LZ4-compressed), one with non-ASCII text (word
    // filter only), some messages null.
    const all: { ts: bigint; host: string; level: string; msg: string | null }[] = [];
    for (let b = 0; b < 4; b++) {
      const rows = Array.from({ length: 2000 }, (_, i) => {
        const k = b * 2000 + i;
        const msg = k % 31 === 0 ? null : `GET /api/v${k % 3} took ${k}ms${k % 13 === 0 ? ' error: upstream timeout' : ''}${k % 17 === 0 ? ' retry after Timeout' : ''}${b === 2 && k % 7 === 0 ? ' ошибка timeout' : ''}`;
        return [b * 3_600_000 + i, `h${k % 4}`, k % 5 === 0 ? 'error' : 'info', msg];
      });
      for (const r of rows) all.push({ ts: BigInt(r[0] as number), host: r[1] as string, level: r[2] as string, msg: r[3] as string | null });
      await s.write([{ db: 'public', table: 'logs', schema: sch, options: { append_mode: true }, rows }]);
    }
    type Pred = { column: string; op: 'contains' | 'word' | '=' | '>=' | '<'; value: string | bigint };
    const test = (p: Pred, r: (typeof all)[number]): boolean => {
      if (p.column === 'ts') return p.op === '>=' ? r.ts >= (p.value as bigint) : r.ts < (p.value as bigint);
      if (p.column === 'host' || p.column === 'level') return r[p.column] === p.value;
      if (r.msg === null) return false;
      if (p.op === 'contains') return r.msg.includes(p.value as string);
      return new RegExp(`(?<![\\p{L}\\p{N}_])${p.value}(?![\\p{L}\\p{N}_])`, 'u').test(r.msg.toLowerCase());
    };
    const cases: Pred[][] = [
      [{ column: 'msg', op: 'contains', value: 'timeout' }, { column: 'msg', op: 'word', value: 'error' }],
      [{ column: 'msg', op: 'word', value: 'timeout' }, { column: 'msg', op: 'contains', value: 'retry' }],
      [{ column: 'msg', op: 'contains', value: 'timeout' }, { column: 'ts', op: '>=', value: 3_600_500n }, { column: 'ts', op: '<', value: 7_201_500n }],
      [{ column: 'msg', op: 'contains', value: 'Timeout' }, { column: 'host', op: '=', value: 'h1' }],
      [{ column: 'msg', op: 'word', value: 'retry' }, { column: 'level', op: '=', value: 'error' }],
      [{ column: 'msg', op: 'contains', value: 'upstream timeout' }, { column: 'msg', op: 'contains', value: 'error:' }],
      [{ column: 'msg', op: 'contains', value: 'ошибка timeout' }],
      [{ column: 'msg', op: 'contains', value: 'absent' }, { column: 'host', op: '=', value: 'h2' }],
    ];
    for (const preds of cases) {
      const predicates = preds;
      const want = all.filter((r) => predicates.every((p) => test(p, r))).map((r) => ({ ts: r.ts, msg: r.msg }));
      const label = JSON.stringify(preds, (k, v) => (typeof v === 'bigint' ? String(v) : v));
      if (!label.includes('absent')) expect(want.length, label).toBeGreaterThan(0);
      expect(await collect(s, { db: 'public', table: 'logs', columns: ['ts', 'msg'], predicates }), label).toEqual(want);
      expect(await s.aggregate({ db: 'public', table: 'logs', aggregates: [{ fn: 'count' }], predicates }), label).toEqual([[want.length]]);
    }
    await s.close();
  });
});
