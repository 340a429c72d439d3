import type { ChHttp } from '../client/ch-http.js';
import { ClickHouseQueryError } from '../client/ch-http.js';
import type { TableEntry } from '../catalog/catalog.js';
import { SEQ, SERIES } from '../catalog/physical.js';
import { ident } from '../sql/quote.js';
import { fieldEncoder } from './encode-value.js';
import { SeriesIds } from './series-ids.js';
import { SeqText } from './seq-text.js';
import { isPayloadNaN, nanExpression } from './nan-bits.js';
import type { TableWrite } from './plan-write.js';

const RETRIES = 3;

/**
 * One INSERT for all rows of a table in a write. Every row carries `__seq` (the batch's base + row
 * number, increasing across batches), so the batch is identifiable: when an INSERT fails without an
 * answer (timeout, reset), the retry first counts rows in the batch's `__seq` range and only re-sends
 * when none landed — a retry never duplicates rows (an INSERT below max_insert_block_size is one part,
 * all or nothing). On Replicated tables ClickHouse's own block deduplication applies as well.
 */
export async function insertRows(http: ChHttp, tw: TableWrite, seqBase: bigint, settings: Record<string, number>, seriesIds: SeriesIds): Promise<void> {
  const e: TableEntry = tw.after;
  const cols = e.columns;
  const encoders = cols.map((c) => fieldEncoder(c.def.type));
  const floats = cols.map((c) => c.def.type === 'float64');
  const lines: string[] = [];
  // Rows holding a NaN with a payload, by line: their fields as Values expressions (see nan-bits.ts).
  const special = new Map<number, Map<number, string>>();
  const seq = new SeqText(seqBase);
  for (const { state, rows } of tw.parts) {
    // Rows were prepared against the table as it was for their request: tag and field slots of that state.
    const src = cols.map((c) => {
      if (c.kind === 'time') return undefined;
      const i = c.kind === 'tag' ? state.tagSlot.get(c.def.name) : state.fieldSlot.get(c.def.name);
      return i === undefined ? null : (c.kind === 'tag' ? rows.tags[i] : rows.fields[i]) ?? null;
    });
    for (let r = 0; r < rows.count; r++) {
      let line = '';
      // The tag names and encoded values, tab-separated: what the series id hashes (series-ids.ts).
      let tagKey = '';
      for (let j = 0; j < cols.length; j++) {
        const c = cols[j]!;
        const column = src[j];
        const v = c.kind === 'time' ? rows.ts[r]! : column ? (column[r] ?? null) : null;
        const f = v === null ? '\\N' : encoders[j]!(v);
        if (c.kind === 'tag' && v !== null) tagKey = tagKey === '' ? `${c.name}\t${f}` : `${tagKey}\t${c.name}\t${f}`;
        if (floats[j] && isPayloadNaN(v)) {
          const m = special.get(lines.length) ?? new Map<number, string>();
          m.set(j, nanExpression(v));
          special.set(lines.length, m);
        }
        line = j === 0 ? f : `${line}\t${f}`;
      }
      lines.push(`${line}\t${seq.next()}\t${seriesIds.of(tagKey)}`);
    }
  }
  const n = lines.length;
  if (n === 0) return;
  const table = `${ident(e.chDb)}.${ident(e.chTable)}`;
  const names = [...cols.map((c) => ident(c.name)), SEQ, SERIES].join(', ');
  const sql = special.size === 0 ? `INSERT INTO ${table} (${names}) FORMAT TabSeparated` : `INSERT INTO ${table} (${names}) VALUES`;
  const body = special.size === 0 ? lines.join('\n') + '\n' : valuesBody(lines, special, cols.map((c) => c.def.type));
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

/**
 * The TabSeparated lines as a Values body: `\\N` → NULL, text types quoted (the TabSeparated escapes are
 * valid inside a quoted literal; a quote is escaped), numbers as they are, and the payload NaNs as
 * expressions (ClickHouse evaluates a row with an expression through its SQL parser; only those rows).
 */
function valuesBody(lines: readonly string[], special: ReadonlyMap<number, ReadonlyMap<number, string>>, types: readonly string[]): string {
  const quoted = (t: string | undefined) => t === 'string' || t === 'json' || t === 'binary' || t === undefined;
  return lines
    .map((line, i) => {
      const fields = line.split('\t');
      const m = special.get(i);
      const vals = fields.map((f, j) => {
        const x = m?.get(j);
        if (x !== undefined) return x;
        if (f === '\\N') return 'NULL';
        // The last two fields are __seq and __series (numbers).
        return j < types.length && quoted(types[j]) ? `'${f.replace(/'/g, "\\'")}'` : f;
      });
      return `(${vals.join(', ')})`;
    })
    .join(',\n');
}
