import { StatusCode, type Value } from '@sluice/pipeline-core';
import type { ColumnVector, Predicate, Store } from '@sluice/storage';
import type { LabelMatcher } from '../ast.js';
import { PromqlError, throwIfAborted } from '../errors.js';
import { METRIC_NAME, type Label, type Labels } from '../labels.js';
import { compileMatcher, type CompiledMatcher } from '../matchers.js';
import { matcherPredicate } from './matcher-predicate.js';
import type { RawSeries } from '../eval/values.js';
import { metricTable, type MetricTable } from './metric-table.js';
import type { SeriesSource } from './series-source.js';
import { createPacer } from '../../exec/pace.js';

/** Special matchers that pick the database (GreptimeDB's `__database__`, alias `__schema__`) and the value column. */
export const DATABASE_LABELS: ReadonlySet<string> = new Set(['__database__', '__schema__']);
export const FIELD_LABEL = '__field__';

interface Target {
  readonly db: string;
  readonly matchers: readonly CompiledMatcher[];
  readonly field: CompiledMatcher | undefined;
}

function splitMatchers(defaultDb: string, ms: readonly LabelMatcher[]): Target {
  let db = defaultDb;
  let field: CompiledMatcher | undefined;
  const rest: CompiledMatcher[] = [];
  for (const m of ms) {
    if (DATABASE_LABELS.has(m.name)) {
      if (m.op !== '=') throw new PromqlError(StatusCode.InvalidArguments, 'bad_data', `${m.name} only supports the = matcher, got ${m.op}`);
      db = m.value;
    } else if (m.name === FIELD_LABEL) field = compileMatcher(m);
    else rest.push(compileMatcher(m));
  }
  return { db, matchers: rest, field };
}

/**
 * One series being read. Samples go to typed arrays: a JS array of doubles would canonicalize NaN
 * payloads and lose Prometheus's staleness markers.
 */
interface Accum {
  readonly labels: Labels;
  readonly ok: boolean;
  ts: Float64Array;
  vs: Float64Array;
  n: number;
}

function push(a: Accum, t: number, v: number): void {
  if (a.n === a.ts.length) {
    const ts = new Float64Array(Math.max(16, a.n * 2));
    const vs = new Float64Array(ts.length);
    ts.set(a.ts);
    vs.set(a.vs);
    a.ts = ts;
    a.vs = vs;
  }
  a.ts[a.n] = t;
  a.vs[a.n++] = v;
}

const toNumber = (v: Value): number => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : NaN);

/** Reads metrics from the store: one table per metric name, tag columns as labels. */
export class StoreSeriesSource implements SeriesSource {
  constructor(private readonly store: Store, private readonly db: string) {}

  private tables(t: Target): MetricTable[] {
    if (!this.store.listDatabases().includes(t.db)) return [];
    const nameEq = t.matchers.find((m) => m.name === METRIC_NAME && m.op === '=');
    const infos = nameEq ? [this.store.getTable(t.db, nameEq.value)].filter((x) => x !== undefined) : this.store.listTables(t.db);
    const out: MetricTable[] = [];
    for (const info of infos) {
      const mt = metricTable(info);
      if (!mt) continue;
      if (!t.matchers.every((m) => m.name !== METRIC_NAME || m.test(mt.name))) continue;
      // A matcher on a label the table lacks sees the empty string.
      if (!t.matchers.every((m) => m.name === METRIC_NAME || mt.tags.includes(m.name) || m.test(''))) continue;
      out.push(mt);
    }
    return out;
  }

  private async *scanTable(mt: MetricTable, t: Target, startMs: number, endMs: number, wantSamples: boolean, signal?: AbortSignal): AsyncGenerator<RawSeries> {
    const fields = t.field ? mt.fields.filter((f) => t.field!.test(f)) : mt.fields.slice(0, 1);
    const predicates: Predicate[] = [];
    for (const m of t.matchers) {
      if (m.name === METRIC_NAME || !mt.tags.includes(m.name)) continue;
      const p = matcherPredicate(m);
      if (p) predicates.push(p);
    }
    const tagMatchers = t.matchers.filter((m) => m.name !== METRIC_NAME && mt.tags.includes(m.name));
    for (const field of fields) {
      const columns = [mt.timeColumn, field, ...mt.tags];
      const series: Accum[] = [];
      // Negative bounds (before 1970) read from the beginning.
      const startNs = startMs > 0 ? BigInt(Math.floor(startMs)) * 1_000_000n : undefined;
      if (endMs < 0) continue;
      const endNs = (BigInt(Math.floor(endMs)) + 1n) * 1_000_000n;
      // Rows arrive in time order across series: find each row's series through a trie of tag values
      // (one Map per tag column), so no key string is built per row.
      const trie = new Map<Value, unknown>();
      let cur: Accum | undefined;
      const nTags = mt.tags.length;
      const unitIsMs = mt.msDivisor === 1n && mt.msMultiplier === 1;
      const newSeries = (tagValue: (j: number) => Value | undefined): Accum => {
        const ls: Label[] = [{ name: METRIC_NAME, value: mt.name }];
        for (let j = 0; j < nTags; j++) {
          const v = tagValue(j);
          if (v !== null && v !== undefined && v !== '') ls.push({ name: mt.tags[j]!, value: String(v) });
        }
        if (fields.length > 1 || t.field) ls.push({ name: FIELD_LABEL, value: field });
        ls.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        const rec = new Map(ls.map((l) => [l.name, l.value]));
        const ok = tagMatchers.every((m) => m.test(rec.get(m.name) ?? ''));
        const a: Accum = { labels: ls, ok, ts: new Float64Array(0), vs: new Float64Array(0), n: 0 };
        series.push(a);
        return a;
      };
      // Series by the scan's series code, when the store gives tag columns as shared codes (typed batches).
      const byCode: (Accum | undefined)[] = [];
      let byTrie = false;
      const scan = { db: mt.db, table: mt.name, columns: wantSamples ? columns : [mt.timeColumn, ...mt.tags], timeRange: startNs === undefined ? { endNs } : { startNs, endNs }, predicates, typed: true };
      const pace = createPacer();
      for await (const batch of this.store.scan(scan)) {
        await pace();
        throwIfAborted(signal);
        const tvec = batch.columns[0]!;
        const vvec = wantSamples ? batch.columns[1]! : undefined;
        const tagVecs = batch.columns.slice(wantSamples ? 2 : 1);
        const codes = sharedCodes(tagVecs, batch.length);
        const tt = tvec.typed?.kind === 'time' ? tvec.typed : undefined;
        const toMs = tt ? offsetToMs(tt.base, mt) : undefined;
        const tcol = toMs ? undefined : tvec.values;
        const vt = vvec?.typed?.kind === 'f64' ? vvec.typed : undefined;
        const vcol = vvec && !vt ? vvec.values : undefined;
        const tagCols = codes ? undefined : tagVecs.map((c) => c.values);
        if (!codes) byTrie = true;
        for (let i = 0; i < batch.length; i++) {
          if (codes) {
            const code = codes[i]!;
            cur = byCode[code];
            if (!cur) cur = byCode[code] = newSeries((j) => (tagVecs[j]!.typed as { dict: readonly Value[] }).dict[code]);
          } else {
            let node: Map<Value, unknown> = trie;
            for (let j = 0; j < nTags - 1; j++) {
              const v = tagCols![j]![i]!;
              let next = node.get(v) as Map<Value, unknown> | undefined;
              if (!next) node.set(v, (next = new Map()));
              node = next;
            }
            const last = nTags > 0 ? tagCols![nTags - 1]![i]! : null;
            cur = node.get(last) as Accum | undefined;
            if (!cur) {
              cur = newSeries((j) => tagCols![j]![i]);
              node.set(last, cur);
            }
          }
          if (!cur.ok) continue;
          let ms: number;
          if (toMs) ms = toMs(tt!.offsets[i]!);
          else {
            const tv = tcol![i];
            ms = typeof tv !== 'bigint' ? Number(tv) : unitIsMs ? Number(tv) : Number(tv / mt.msDivisor) * mt.msMultiplier;
          }
          if (vt) {
            if (vt.valid !== undefined && (vt.valid[i >> 3]! & (1 << (i & 7))) === 0) continue;
            push(cur, ms, vt.f64[i]!);
          } else if (vcol) {
            const v = vcol[i]!;
            if (v === null) continue;
            push(cur, ms, toNumber(v));
          } else push(cur, ms, 0);
        }
      }
      if (byTrie && byCode.length > 0) mergeSameLabels(series);
      for (const s of series) {
        if (!s.ok || s.n === 0) continue;
        yield toRaw(s);
      }
    }
  }

  async select(matchers: readonly LabelMatcher[], startMs: number, endMs: number, signal?: AbortSignal): Promise<RawSeries[]> {
    const t = splitMatchers(this.db, matchers);
    const out: RawSeries[] = [];
    for (const mt of this.tables(t)) for await (const s of this.scanTable(mt, t, startMs, endMs, true, signal)) out.push(s);
    return out;
  }

  async series(matcherSets: readonly (readonly LabelMatcher[])[], startMs: number, endMs: number, signal?: AbortSignal): Promise<Labels[]> {
    const seen = new Map<string, Labels>();
    const sets = matcherSets.length > 0 ? matcherSets : [[{ name: METRIC_NAME, op: '=~', value: '.+' } as LabelMatcher]];
    for (const ms of sets) {
      const t = splitMatchers(this.db, ms);
      for (const mt of this.tables(t)) {
        for await (const s of this.scanTable(mt, t, startMs, endMs, false, signal)) {
          const key = s.labels.map((l) => `${l.name}\xff${l.value}`).join('\xff');
          if (!seen.has(key)) seen.set(key, s.labels);
        }
      }
    }
    return [...seen.values()];
  }

  async labelNames(matcherSets: readonly (readonly LabelMatcher[])[], startMs: number, endMs: number, signal?: AbortSignal): Promise<string[]> {
    const names = new Set<string>();
    for (const ls of await this.series(matcherSets, startMs, endMs, signal)) for (const l of ls) names.add(l.name);
    return [...names].sort();
  }

  async labelValues(name: string, matcherSets: readonly (readonly LabelMatcher[])[], startMs: number, endMs: number, signal?: AbortSignal): Promise<string[]> {
    if (DATABASE_LABELS.has(name)) return this.store.listDatabases().sort();
    const values = new Set<string>();
    for (const ls of await this.series(matcherSets, startMs, endMs, signal)) for (const l of ls) if (l.name === name) values.add(l.value);
    return [...values].sort();
  }
}

const ZERO_CODES = new Int32Array(4096);

/** The one codes array all tag columns share (typed batches: the row's series), else undefined. */
function sharedCodes(tagVecs: readonly ColumnVector[], length: number): Int32Array | undefined {
  if (tagVecs.length === 0) return length <= ZERO_CODES.length ? ZERO_CODES : new Int32Array(length);
  const first = tagVecs[0]!.typed;
  if (first?.kind !== 'dict') return undefined;
  for (const v of tagVecs) if (v.typed?.kind !== 'dict' || v.typed.codes !== first.codes) return undefined;
  return first.codes;
}

/**
 * Time offsets of a typed batch to milliseconds without a BigInt per row (same truncation as
 * `Number(ts / divisor) * multiplier` for times after 1970); undefined when the per-row path is needed.
 */
function offsetToMs(base: bigint, mt: MetricTable): ((off: number) => number) | undefined {
  if (base < 0n) return undefined;
  if (mt.msDivisor === 1n) {
    const b = Number(base);
    if (!Number.isSafeInteger(b)) return undefined;
    const mult = mt.msMultiplier;
    return mult === 1 ? (off) => b + off : (off) => (b + off) * mult;
  }
  const whole = Number(base / mt.msDivisor);
  const rem = Number(base % mt.msDivisor);
  const div = Number(mt.msDivisor);
  return (off) => whole + Math.floor((rem + off) / div);
}

/** Joins accumulators of the same label set (a store that gave some batches typed and some not). */
function mergeSameLabels(series: Accum[]): void {
  const byKey = new Map<string, Accum>();
  const keep: Accum[] = [];
  for (const s of series) {
    const key = s.labels.map((l) => `${l.name}\xff${l.value}`).join('\xff');
    const into = byKey.get(key);
    if (!into) {
      byKey.set(key, s);
      keep.push(s);
      continue;
    }
    for (let i = 0; i < s.n; i++) push(into, s.ts[i]!, s.vs[i]!);
  }
  series.splice(0, series.length, ...keep);
}

function toRaw(s: Accum): RawSeries {
  const n = s.n;
  const ts = s.ts.subarray(0, n);
  const vs = s.vs.subarray(0, n);
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) if (ts[i]! < ts[i - 1]!) sorted = false;
  if (sorted) return { labels: s.labels, ts, vs };
  const idx = Array.from({ length: n }, (_, i) => i).sort((a, b) => ts[a]! - ts[b]!);
  const ts2 = new Float64Array(n);
  const vs2 = new Float64Array(n);
  idx.forEach((j, i) => {
    ts2[i] = ts[j]!;
    vs2[i] = vs[j]!;
  });
  return { labels: s.labels, ts: ts2, vs: vs2 };
}
