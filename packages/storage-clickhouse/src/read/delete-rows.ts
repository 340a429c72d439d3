import { compilePredicates, type ScanRequest } from '@sluice/storage';
import type { ChHttp } from '../client/ch-http.js';
import { checkable } from './predicate-sql.js';
import type { TableEntry } from '../catalog/catalog.js';
import type { Ddl } from '../catalog/ddl.js';
import { readSource } from './source.js';

/** Keys per `ALTER TABLE ... DELETE` when rows are picked by their merged field values. */
const KEYS_PER_MUTATION = 20_000;

/**
 * Deletes the matching rows with ClickHouse mutations and waits for them. Conditions on time and tags
 * (and every condition in append mode) go into the mutation as they are; a condition on a field of a
 * merged (last_row / last_non_null) table must see the merged row, so the matching (series, time) keys
 * are read first and every stored version of them is deleted (18.16 cannot run that subquery inside a
 * mutation).
 */
export async function deleteRows(http: ChHttp, ddl: Ddl, e: TableEntry, req: Pick<ScanRequest, 'timeRange' | 'predicates'>, nowMs: number): Promise<number> {
  compilePredicates(e.state, checkable(req.predicates));
  const s = readSource(e, req, nowMs);
  if (s.preOnly) {
    const [[n]] = (await http.rows(`SELECT count() FROM ${s.from} WHERE ${s.where}`)) as [[string]];
    if (n !== '0') await ddl.deleteWhere(e.chDb, e.chTable, s.preWhere);
    return Number(n);
  }
  const keys = await http.rows(`SELECT ${s.series}, ${s.ref(e.state.info.timeIndex)} FROM ${s.from} WHERE ${s.where}`);
  for (let i = 0; i < keys.length; i += KEYS_PER_MUTATION) {
    const list = keys.slice(i, i + KEYS_PER_MUTATION).map(([series, ts]) => `(${series}, ${ts})`).join(', ');
    await ddl.deleteWhere(e.chDb, e.chTable, `(__series, ts) IN (${list})`);
  }
  return keys.length;
}
