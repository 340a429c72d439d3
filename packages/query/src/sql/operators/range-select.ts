import type { ExecContext } from '../../exec/exec-context.js';
import { valueBytes } from '../../exec/bytes.js';
import type { GroupedAccumulator } from '../aggregates/aggregate.js';
import type { Compiled } from '../expr/compiled.js';
import type { Batch, Field, Relation } from '../expr/relation.js';
import { keyOf } from '../types/compare.js';
import type { SqlValue } from '../types/sql-value.js';
import { groupedState, type AggregateCall } from './aggregate.js';
import { applyFill, type FillPlan } from './range-fill.js';

/** One range call: an aggregate over windows of `rangeMs`, its fill, and whether LINEAR turns its integers into floats. */
export interface RangeCall {
  readonly call: AggregateCall;
  readonly rangeMs: number;
  readonly fill?: FillPlan;
  readonly toFloat: boolean;
}

export interface RangeSelectSpec {
  /** The time index; its values are timestamps of `nsPerUnit` nanoseconds. */
  readonly time: Compiled;
  readonly nsPerUnit: bigint;
  readonly by: readonly Compiled[];
  readonly calls: readonly RangeCall[];
  readonly alignMs: number;
  readonly alignToMs: number;
}

/** Updates gathered before they are applied and the loop yields (bounds the work between checkpoints). */
const UPDATE_CHUNK = 1 << 16;
const OUTPUT_BATCH = 4096;

/** Milliseconds of a timestamp (truncated as Arrow casts to milliseconds), and back. */
const toMs = (v: bigint, nsPerUnit: bigint): number => Number(nsPerUnit >= 1_000_000n ? v * (nsPerUnit / 1_000_000n) : v / (1_000_000n / nsPerUnit));
const fromMs = (ms: number, nsPerUnit: bigint): bigint => (nsPerUnit >= 1_000_000n ? BigInt(ms) / (nsPerUnit / 1_000_000n) : BigInt(ms) * (1_000_000n / nsPerUnit));

/**
 * GreptimeDB's RangeSelect: rows are grouped into series by the BY keys; a row at time t counts toward
 * every window [start, start + range) that holds it, the starts being `alignTo + k * align`. Output:
 * one row per series and window start that received rows (every start from the series' first to its
 * last when any call has a FILL), with the calls' values, then the window start, then the BY values.
 * Windows count toward the query's memory budget, so a tiny ALIGN over a long span fails cleanly.
 */
export function rangeSelect(input: Relation, spec: RangeSelectSpec, fields: readonly Field[], exec?: ExecContext): Relation {
  const { calls, alignMs, alignToMs, nsPerUnit } = spec;
  return {
    fields,
    batches: {
      async *[Symbol.asyncIterator]() {
        const seriesKeys: SqlValue[][] = [];
        const seriesIndex = new Map<unknown, number>();
        const windows: Map<number, number>[] = [];
        let cells = 0;
        const states: GroupedAccumulator[] = calls.map((c) => groupedState(c.call));
        // What a window costs in the engine's heap (map entry, accumulator slots), measured rather than guessed low.
        const cellBytes = 256 + 48 * calls.length;
        /** The cell of series `s` and window `k` (which starts at alignTo + k * align). */
        const cellOf = (s: number, k: number): number => {
          const w = windows[s]!;
          let cell = w.get(k);
          if (cell === undefined) {
            exec?.hold(cellBytes, 'RANGE windows (ALIGN step × series)');
            cell = cells++;
            w.set(k, cell);
          }
          return cell;
        };
        const seriesOf = (b: Batch): Int32Array => {
          const ids = new Int32Array(b.length);
          const vecs = spec.by.map((k) => k.eval(b));
          for (let i = 0; i < b.length; i++) {
            const one = vecs.length === 1 ? vecs[0]![i]! : undefined;
            const key = vecs.length === 1 && (one === null || typeof one !== 'object') ? one : vecs.map((v) => keyOf(v[i]!)).join('\u001f');
            let s = seriesIndex.get(key);
            if (s === undefined) {
              const vals = vecs.map((v) => v[i]!);
              exec?.hold(64 + vals.reduce<number>((n, v) => n + valueBytes(v), 0), 'RANGE series');
              s = seriesKeys.length;
              seriesKeys.push(vals);
              windows.push(new Map());
              seriesIndex.set(key, s);
            }
            ids[i] = s;
          }
          return ids;
        };

        for await (const b of input.batches) {
          const series = seriesOf(b);
          const times = spec.time.eval(b);
          const ms = new Float64Array(b.length);
          for (let i = 0; i < b.length; i++) ms[i] = times[i] === null ? NaN : toMs(times[i] as bigint, nsPerUnit);
          for (let c = 0; c < calls.length; c++) {
            const { call, rangeMs } = calls[c]!;
            const args = call.arg?.eval(b);
            const gids: number[] = [];
            const vals: SqlValue[] = [];
            const flush = async () => {
              if (gids.length === 0) return;
              states[c]!.update(Int32Array.from(gids), args ? vals : undefined, gids.length);
              gids.length = 0;
              vals.length = 0;
              await exec?.checkpoint();
            };
            for (let i = 0; i < b.length; i++) {
              const t = ms[i]!;
              if (Number.isNaN(t)) continue;
              // The latest window starting at or before t, then earlier ones while t is still inside.
              for (let k = Math.floor((t - alignToMs) / alignMs); t < alignToMs + k * alignMs + rangeMs; k--) {
                gids.push(cellOf(series[i]!, k));
                if (args) vals.push(args[i]!);
                if (gids.length >= UPDATE_CHUNK) await flush();
              }
            }
            await flush();
          }
          await exec?.checkpoint();
        }
        yield* output(seriesKeys, windows, cells, states);
      },
    },
  };

  async function* output(seriesKeys: SqlValue[][], windows: Map<number, number>[], cells: number, states: GroupedAccumulator[]): AsyncIterable<Batch> {
    const results = states.map((st) => st.results(cells));
    // A window some call had no rows in (or a filled gap) shows the call's value over no rows (count: 0).
    const empty = calls.map((c) => c.call.bound.create().result());
    const filling = calls.some((c) => c.fill !== undefined);
    const steps = windows.map((w) => [...w.keys()].sort((a, b) => a - b));
    let rows = 0;
    for (const st of steps) if (st.length > 0) rows += filling ? st[st.length - 1]! - st[0]! + 1 : st.length;
    exec?.hold(rows * (32 + 16 * (calls.length + 1 + spec.by.length)), 'RANGE output rows (windows to fill between the first and last of each series)');
    let cols: SqlValue[][] = fields.map(() => []);
    for (let s = 0; s < steps.length; s++) {
      const st = steps[s]!;
      if (st.length === 0) continue;
      const ks = filling ? Array.from({ length: st[st.length - 1]! - st[0]! + 1 }, (_, i) => st[0]! + i) : st;
      const ts = ks.map((k) => alignToMs + k * alignMs);
      const w = windows[s]!;
      calls.forEach((c, k) => {
        const data = ks.map((step) => {
          const cell = w.get(step);
          return cell === undefined ? empty[k]! : results[k]![cell]!;
        });
        if (c.toFloat) for (let i = 0; i < data.length; i++) if (data[i] !== null) data[i] = Number(data[i]);
        if (c.fill) applyFill(c.fill, ts, data);
        for (const v of data) cols[k]!.push(v);
      });
      for (const t of ts) cols[calls.length]!.push(fromMs(t, nsPerUnit));
      spec.by.forEach((_, k) => {
        const v = seriesKeys[s]![k]!;
        const col = cols[calls.length + 1 + k]!;
        for (let i = 0; i < ts.length; i++) col.push(v);
      });
      if (cols[0]!.length >= OUTPUT_BATCH) {
        yield { length: cols[0]!.length, columns: cols };
        cols = fields.map(() => []);
        await exec?.checkpoint();
      }
    }
    if (cols[0]!.length > 0) yield { length: cols[0]!.length, columns: cols };
  }
}
