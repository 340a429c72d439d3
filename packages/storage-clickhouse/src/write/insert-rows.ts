import { createHash } from 'node:crypto';
import type { ChHttp } from '../client/ch-http.js';
import { ClickHouseQueryError } from '../client/ch-http.js';
import type { TableEntry } from '../catalog/catalog.js';
import { SEQ, SERIES } from '../catalog/physical.js';
import { ident } from '../sql/quote.js';
import { encodeValue } from './encode-value.js';
import type { TableWrite } from './plan-write.js';

const RETRIES = 3;

/**
 * One INSERT for all rows of a table in a write. Every row carries `__seq` (the batch's base + row
 * number, increasing across batches), so the batch is identifiable: when an INSERT fails without an
 * answer (timeout, reset), the retry first counts rows in the batch's `__seq` range and only re-sends
 * when none landed — a retry never duplicates rows (an INSERT below max_insert_block_size is one part,
 * all or nothing). On Replicated tables ClickHouse's own block deduplication applies as well.
 */
export async function insertRows(http: ChHttp, tw: TableWrite, seqBase: bigint, settings: Record<string, number>): Promise<void> {
  const e: TableEntry = tw.after;
  const cols = e.columns;
  const lines: string[] = [];
  const hashes = new Map<string, string>();
  let seq = seqBase;
  for (const { state, rows } of tw.parts) {
    // Rows were prepared against the table as it was for their request: tag and field slots of that state.
    const src = cols.map((c) => {
      if (c.kind === 'time') return undefined;
      const i = c.kind === 'tag' ? state.tagSlot.get(c.def.name) : state.fieldSlot.get(c.def.name);
      return i === undefined ? null : (c.kind === 'tag' ? rows.tags[i] : rows.fields[i]) ?? null;
    });
    for (let r = 0; r < rows.count; r++) {
      const out: string[] = [];
      const tagKey: string[] = [];
      for (let j = 0; j < cols.length; j++) {
        const c = cols[j]!;
        const column = src[j];
        const v = c.kind === 'time' ? rows.ts[r]! : column ? (column[r] ?? null) : null;
        if (c.kind === 'tag' && v !== null) tagKey.push(c.name, encodeValue(c.def.type, v));
        out.push(encodeValue(c.def.type, v));
      }
      const k = tagKey.join('\t');
      let h = hashes.get(k);
      if (h === undefined) hashes.set(k, (h = createHash('sha1').update(k).digest().readBigUInt64BE(0).toString()));
      out.push(String(seq++), h);
      lines.push(out.join('\t'));
    }
  }
  const n = lines.length;
  if (n === 0) return;
  const table = `${ident(e.chDb)}.${ident(e.chTable)}`;
  const sql = `INSERT INTO ${table} (${[...cols.map((c) => ident(c.name)), SEQ, SERIES].join(', ')}) FORMAT TabSeparated`;
  const body = lines.join('\n') + '\n';
  for (let attempt = 1; ; attempt++) {
    try {
      await http.insert(sql, body, settings);
      return;
    } catch (err) {
      // 60: the Distributed table is being created again by another server's ALTER (replicated cluster,
      // Ddl.alter); the INSERT did not run, so it is sent again shortly.
      if (err instanceof ClickHouseQueryError && err.chCode === 60 && attempt < RETRIES) {
        await new Promise((r) => setTimeout(r, 200 * attempt));
        continue;
      }
      if (!(err instanceof ClickHouseQueryError) || err.chCode !== undefined || attempt >= RETRIES) throw err;
      const landed = await countBatch(http, table, seqBase, n).catch(() => undefined);
      if (landed === n) return;
      if (landed !== 0) throw err;
    }
  }
}

async function countBatch(http: ChHttp, table: string, base: bigint, n: number): Promise<number> {
  const [[c]] = (await http.rows(`SELECT count() FROM ${table} WHERE ${SEQ} >= ${base} AND ${SEQ} < ${base + BigInt(n)}`)) as [[string]];
  return Number(c);
}
