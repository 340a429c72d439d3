import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLmdbStore } from '@sluice/storage';
import { createQueryEngine, type StatementOutput } from '@sluice/query';

/**
 * The golden SQL corpus: each file has shared `setup` statements and `cases`; each case runs on a fresh
 * real LMDB store: file setup, case setup, then `sql`, and compares every output (or the error).
 */
interface Expected {
  readonly columns?: readonly (readonly [string, string])[];
  readonly rows?: readonly (readonly unknown[])[];
  readonly affected_rows?: number;
  /** Compare rows as a multiset (queries without ORDER BY). */
  readonly unordered?: boolean;
}
interface Case {
  readonly name: string;
  readonly setup?: readonly string[];
  readonly sql: string;
  readonly db?: string;
  readonly timezone?: string;
  readonly expect?: Expected | readonly Expected[];
  readonly error?: { readonly code: number; readonly message?: string };
}
interface CorpusFile {
  readonly setup?: readonly string[];
  readonly cases: readonly Case[];
}

function plain(v: unknown): unknown {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (typeof v === 'number' && !Number.isInteger(v)) return Number(v.toPrecision(12));
  if (v instanceof Uint8Array) return Array.from(v);
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

function actual(o: StatementOutput, e: Expected): Expected {
  if (o.kind === 'affected_rows') return { affected_rows: o.count };
  let rows = o.rows.map((r) => r.map(plain));
  if (e.unordered) rows = rows.map((r) => JSON.stringify(r)).sort().map((r) => JSON.parse(r) as unknown[]);
  return { ...(e.columns ? { columns: o.columns.map((c) => [c.name, c.dataType] as const) } : {}), rows, ...(e.unordered ? { unordered: true } : {}) };
}

function normalized(e: Expected): Expected {
  if (e.affected_rows !== undefined) return { affected_rows: e.affected_rows };
  const rows = e.unordered ? (e.rows ?? []).map((r) => JSON.stringify(plain(r))).sort().map((r) => JSON.parse(r) as unknown[]) : (e.rows ?? []).map((r) => r.map(plain));
  return { ...(e.columns ? { columns: e.columns } : {}), rows, ...(e.unordered ? { unordered: true } : {}) };
}

const dir = new URL('./corpus/sql/', import.meta.url);
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const corpus = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as CorpusFile;
  describe(`sql corpus ${file}`, () => {
    for (const c of corpus.cases) {
      it(c.name, async () => {
        const home = mkdtempSync(join(tmpdir(), 'sluice-sql-'));
        const store = await openLmdbStore({ dataHome: home, noSync: true, ttlSweepIntervalMs: 0 });
        try {
          const engine = createQueryEngine(store);
          const ctx = { db: c.db ?? 'public', ...(c.timezone ? { timezone: c.timezone } : {}) };
          for (const s of [...(corpus.setup ?? []), ...(c.setup ?? [])]) await engine.executeSql(s, { db: 'public' });
          if (c.error) {
            const err = await engine.executeSql(c.sql, ctx).then(() => undefined, (e: unknown) => e as { code?: number; message?: string });
            expect(err, 'expected an error').toBeDefined();
            expect({ code: err!.code, message: err!.message }).toMatchObject({ code: c.error.code, ...(c.error.message ? { message: expect.stringContaining(c.error.message) } : {}) });
            return;
          }
          const out = await engine.executeSql(c.sql, ctx);
          const exp = Array.isArray(c.expect) ? (c.expect as Expected[]) : [c.expect as Expected];
          expect(out.length).toBe(exp.length);
          exp.forEach((e, i) => expect(actual(out[i]!, e)).toEqual(normalized(e)));
        } finally {
          await store.close();
          rmSync(home, { recursive: true, force: true });
        }
      });
    }
  });
}
