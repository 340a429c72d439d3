import type { ExecContext } from '../../exec/exec-context.js';
import type { Compiled } from '../expr/compiled.js';
import { type Batch, type Field, type Relation } from '../expr/relation.js';
import { batchBytes } from '../../exec/bytes.js';
import { keyOf } from '../types/compare.js';
import type { SqlValue } from '../types/sql-value.js';

export interface JoinSpec {
  readonly joinType: 'inner' | 'left' | 'full';
  /** Equality keys evaluated on the left and the right input. */
  readonly leftKeys: readonly Compiled[];
  readonly rightKeys: readonly Compiled[];
  /** Other ON conditions, evaluated over the joined fields. */
  readonly residual?: Compiled;
}

function rowKey(vecs: readonly (readonly SqlValue[])[], i: number): string | undefined {
  let k = '';
  for (const v of vecs) {
    const x = v[i]!;
    if (x === null) return undefined; // NULL never equals anything
    k += keyOf(typeof x === 'bigint' && x >= -(2n ** 53n) && x <= 2n ** 53n ? Number(x) : x) + '\u001f';
  }
  return k;
}

/**
 * The build side, batch by batch: its rows are appended and their keys entered into the hash table
 * as each batch arrives, with a checkpoint after each (so a build over millions of rows yields to
 * other requests and stops at the deadline), and the rows and keys count toward the memory budget.
 */
async function buildSide(right: Relation, keys: readonly Compiled[], exec: ExecContext | undefined): Promise<Batch & { table: Map<string, number[]> }> {
  const columns: SqlValue[][] = right.fields.map(() => []);
  const types = right.fields.map((f) => f.type);
  const table = new Map<string, number[]>();
  let length = 0;
  for await (const b of right.batches) {
    const rk = keys.map((k) => k.eval(b));
    let keyBytes = 0;
    for (let i = 0; i < b.length; i++) {
      const k = rowKey(rk, i);
      if (k === undefined) continue;
      const list = table.get(k);
      if (list) {
        list.push(length + i);
        keyBytes += 8;
      } else {
        table.set(k, [length + i]);
        keyBytes += k.length + 64;
      }
    }
    if (exec !== undefined) exec.hold(batchBytes(b, types) + keyBytes, 'hash join build side');
    for (let c = 0; c < columns.length; c++) {
      const src = b.columns[c]!;
      const dst = columns[c]!;
      for (let i = 0; i < b.length; i++) dst.push(src[i]!);
    }
    length += b.length;
    if (exec !== undefined) await exec.checkpoint();
  }
  return { length, columns, table };
}

/** Most joined rows one output batch holds (small enough that building and consuming one stays within a time slice). */
const JOIN_CHUNK_ROWS = 8_192;

/** Equi-join: builds a hash table over the right input, streams the left one. */
export function hashJoin(left: Relation, right: Relation, spec: JoinSpec, exec?: ExecContext): Relation {
  const fields: Field[] = [...left.fields, ...right.fields];
  const nl = left.fields.length;
  return {
    fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        const r = await buildSide(right, spec.rightKeys, exec);
        const table = r.table;
        // FULL: right rows no left row matched come out last, with NULLs on the left.
        const rightMatched = spec.joinType === 'full' ? new Uint8Array(r.length) : undefined;
        // Pairs are emitted in chunks: one left batch may match many right rows (a batch of 4,096
        // rows with 1,000 matches each would be 4 million rows at once).
        const emit = (b: Batch, li: number[], ri: number[], matched: Uint8Array | undefined): Batch => {
          let pairs = build(b, r, li, ri, nl, fields.length);
          let keepL = li;
          let keepR = ri;
          if (spec.residual && pairs.length > 0) {
            const mask = spec.residual.eval(pairs);
            const idx: number[] = [];
            for (let i = 0; i < pairs.length; i++) if (mask[i] === true) idx.push(i);
            keepL = idx.map((i) => li[i]!);
            keepR = idx.map((i) => ri[i]!);
            pairs = build(b, r, keepL, keepR, nl, fields.length);
          }
          if (matched !== undefined) for (const i of keepL) matched[i] = 1;
          if (rightMatched !== undefined) for (const j of keepR) rightMatched[j] = 1;
          return pairs;
        };
        for await (const b of left.batches) {
          const lk = spec.leftKeys.map((k) => k.eval(b));
          const matched = spec.joinType !== 'inner' ? new Uint8Array(b.length) : undefined;
          let li: number[] = [];
          let ri: number[] = [];
          for (let i = 0; i < b.length; i++) {
            const k = rowKey(lk, i);
            const hits = k === undefined ? undefined : table.get(k);
            if (hits) for (const j of hits) (li.push(i), ri.push(j));
            if (li.length >= JOIN_CHUNK_ROWS) {
              const pairs = emit(b, li, ri, matched);
              li = [];
              ri = [];
              if (pairs.length > 0) yield pairs;
              await exec?.checkpoint();
            }
          }
          let pairs = emit(b, li, ri, matched);
          if (matched !== undefined) {
            const extraL: number[] = [];
            for (let i = 0; i < b.length; i++) if (!matched[i]) extraL.push(i);
            if (extraL.length > 0) {
              const extra = build(b, r, extraL, extraL.map(() => -1), nl, fields.length);
              pairs = { length: pairs.length + extra.length, columns: pairs.columns.map((c, j) => [...c, ...extra.columns[j]!]) };
            }
          }
          if (pairs.length > 0) yield pairs;
          await exec?.checkpoint();
        }
        if (rightMatched !== undefined) {
          const extraR: number[] = [];
          for (let j = 0; j < r.length; j++) if (!rightMatched[j]) extraR.push(j);
          for (let start = 0; start < extraR.length; start += JOIN_CHUNK_ROWS) {
            const part = extraR.slice(start, start + JOIN_CHUNK_ROWS);
            const none: Batch = { length: 0, columns: left.fields.map(() => []) };
            yield build(none, r, part.map(() => -1), part, nl, fields.length);
            await exec?.checkpoint();
          }
        }
      },
    },
  };
}

/** Rows `left[li[k]] ++ right[ri[k]]` (`ri[k] = -1` gives NULLs on the right). */
function build(l: Batch, r: Batch, li: readonly number[], ri: readonly number[], nl: number, width: number): Batch {
  const columns: SqlValue[][] = [];
  for (let c = 0; c < width; c++) {
    const src = c < nl ? l.columns[c]! : r.columns[c - nl]!;
    const idx = c < nl ? li : ri;
    const out = new Array<SqlValue>(idx.length);
    for (let k = 0; k < idx.length; k++) out[k] = idx[k]! < 0 ? null : src[idx[k]!]!;
    columns.push(out);
  }
  return { length: li.length, columns };
}
