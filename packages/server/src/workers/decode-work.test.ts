import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatusCode } from '@sluice/pipeline-core';
import { openLmdbStore } from '@sluice/storage';
import { describe, expect, it } from 'vitest';
import { lineProtocolToWrites } from '../protocols/line-protocol-rows.js';
import { handleDecode } from './decode-work.js';
import { layoutStamp, unpackTables, type DecodeTask } from './protocol.js';

const LINES = ['cpu,host=a u=1.5,n=3i,ok=t,s="x y" 1000', 'cpu,host=b u=-2,big=18446744073709551615u 2000', 'mem,host=a free=7i', 'cpu,host=a u=3 1000'].join('\n');
const OPTS = { db: 'public', precision: 'ms', nowNs: 5_000_000_000n, options: { merge_mode: 'last_non_null' } } as const;

function task(bytes: Uint8Array, extra: Partial<DecodeTask> = {}): DecodeTask {
  return { id: 1, kind: 'decode', protocol: 'lineproto', bytes, layouts: {}, ...OPTS, ...extra } as DecodeTask;
}

describe('handleDecode (protocol bodies decoded on an ingest worker)', () => {
  it('line protocol: the tables, schemas and rows main-thread decoding gives (bigints, booleans, strings, now)', () => {
    const { reply } = handleDecode(task(new TextEncoder().encode(LINES)));
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    const here = lineProtocolToWrites(LINES, OPTS);
    expect(reply.tables.map((t) => t.name)).toEqual(here.map((w) => w.table));
    const rows = unpackTables(reply.tables);
    rows.forEach((t, i) => {
      expect(t.schema).toEqual(here[i]!.schema);
      expect(t.options).toEqual(here[i]!.options);
      expect(t.rows).toEqual(here[i]!.rows);
    });
  });

  it('a bad line fails the task with the message naming the line and a 400 code; invalid UTF-8 decodes as on the main thread', () => {
    const { reply } = handleDecode(task(new TextEncoder().encode('cpu v=1 1\ncpu v=oops 2')));
    expect(reply).toMatchObject({ ok: false, error: { code: StatusCode.InvalidArguments, message: "unable to parse 'cpu v=oops 2': invalid boolean (line 2, column 7)" } });
    const bytes = new Uint8Array([...Buffer.from('cpu s="caf'), 0xff, ...Buffer.from('" 1')]);
    const ok = handleDecode(task(bytes)).reply;
    expect(ok.ok && unpackTables(ok.tables)[0]!.rows).toEqual(lineProtocolToWrites(Buffer.from(bytes).toString('utf8'), OPTS)[0]!.rows);
  });

  it('encodes a table whose layout came as text, then as its stamp; an unknown stamp is named in missingLayouts and the rows cross', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-decode-work-'));
    const store = await openLmdbStore({ dataHome: dir, ttlSweepIntervalMs: 0, noSync: true });
    try {
      await store.write(lineProtocolToWrites(LINES, { ...OPTS, db: 'public' }));
      const layout = store.writeLayout('public', 'cpu', true)!;
      const body = new TextEncoder().encode('cpu,host=a u=9 3000\ncpu,host=c u=1 3000');
      const run = (layouts: Record<string, string>, db = 'public') => {
        const { reply } = handleDecode(task(body.slice(), { layouts, db }));
        if (!reply.ok) throw new Error(reply.error.message);
        return reply;
      };
      const first = run({ cpu: JSON.stringify(layout) });
      expect(first.tables[0]!.encoded?.kind).toBe('series');
      expect(first.missingLayouts).toBeUndefined();
      const second = run({ cpu: layoutStamp(layout) });
      expect(second.tables[0]!.encoded).toEqual(first.tables[0]!.encoded);
      // The same stamp for a table of another database, or a newer version: not known here.
      const other = run({ cpu: layoutStamp(layout) }, 'other');
      expect(other.missingLayouts).toEqual(['cpu']);
      expect(other.tables[0]!.encoded).toBeUndefined();
      expect(unpackTables(other.tables)[0]!.rows).toHaveLength(2);
      expect(run({ cpu: `${layout.id}:${layout.version + 1}` }).missingLayouts).toEqual(['cpu']);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
