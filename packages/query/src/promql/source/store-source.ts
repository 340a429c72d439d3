import { StatusCode } from '@sluice/pipeline-core';
import type { Predicate, Store } from '@sluice/storage';
import type { LabelMatcher } from '../ast.js';
import { PromqlError, throwIfAborted } from '../errors.js';
import type { Value } from '@sluice/pipeline-core';
import { METRIC_NAME, type Label, type Labels } from '../labels.js';
import { compileMatcher, type CompiledMatcher } from '../matchers.js';
import { matcherPredicate } from './matcher-predicate.js';
import type { RawSeries } from '../eval/values.js';
import { metricTable, type MetricTable } from './metric-table.js';
import type { SeriesSource } from './series-source.js';
import { createPacer } from '../../exec/pace.js';
import { BatchReader } from './read-batch.js';
import { SeriesAccum } from './series-accum.js';

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
      const series: SeriesAccum[] = [];
      // Negative bounds (before 1970) read from the beginning.
      const startNs = startMs > 0 ? BigInt(Math.floor(startMs)) * 1_000_000n : undefined;
      if (endMs < 0) continue;
      const endNs = (BigInt(Math.floor(endMs)) + 1n) * 1_000_000n;
      const nTags = mt.tags.length;
      /** The series' labels from its tag values, and whether every label matcher accepts them. */
      const labelsOf = (tagValue: (j: number) => Value | undefined): [Labels, boolean] => {
        const ls: Label[] = [{ name: METRIC_NAME, value: mt.name }];
        for (let j = 0; j < nTags; j++) {
          const v = tagValue(j);
          if (v !== null && v !== undefined && v !== '') ls.push({ name: mt.tags[j]!, value: String(v) });
        }
        if (fields.length > 1 || t.field) ls.push({ name: FIELD_LABEL, value: field });
        ls.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        const rec = new Map(ls.map((l) => [l.name, l.value]));
        return [ls, tagMatchers.every((m) => m.test(rec.get(m.name) ?? ''))];
      };
      const timeRange = startNs === undefined ? { endNs } : { startNs, endNs };
      // A store with typed series reads hands over each series' samples as Float64Arrays (no batches).
      const typed = wantSamples ? this.store.readSeries?.({ db: mt.db, table: mt.name, field, tags: mt.tags, timeRange, predicates }) : undefined;
      if (typed !== undefined) {
        const pace = createPacer();
        for await (const s of typed) {
          await pace();
          throwIfAborted(signal);
          const [labels, ok] = labelsOf((j) => s.tags[j]);
          if (ok) yield { labels, ts: s.times, vs: s.values };
        }
        continue;
      }
      const reader = new BatchReader(mt, wantSamples, (tagValue) => {
        const a = new SeriesAccum(...labelsOf(tagValue), wantSamples);
        series.push(a);
        return a;
      });
      const scan = { db: mt.db, table: mt.name, columns: wantSamples ? columns : [mt.timeColumn, ...mt.tags], timeRange, predicates, typed: true, ...(wantSamples ? { bySeries: true } : { distinctSeries: true }) };
      // bySeries (a hint a store may ignore): each series' rows may come together, not merged by time across
      // series — the reader groups rows by series anyway, and a run of one series is copied at once.
      const pace = createPacer();
      for await (const batch of this.store.scan(scan)) {
        await pace();
        throwIfAborted(signal);
        reader.read(batch);
      }
      if (reader.usedTrie && reader.codesUsed) mergeSameLabels(series);
      for (const s of series) {
        if (!s.ok || s.n === 0) continue;
        yield s.toRaw();
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

/** Joins accumulators of the same label set (a store that gave some batches typed and some not). */
function mergeSameLabels(series: SeriesAccum[]): void {
  const byKey = new Map<string, SeriesAccum>();
  const keep: SeriesAccum[] = [];
  for (const s of series) {
    const key = s.labels.map((l) => `${l.name}\xff${l.value}`).join('\xff');
    const into = byKey.get(key);
    if (!into) {
      byKey.set(key, s);
      keep.push(s);
      continue;
    }
    for (let i = 0; i < s.n; i++) into.push(s.ts[i]!, s.vs[i]!);
  }
  series.splice(0, series.length, ...keep);
}
