import type { ColumnSchema, Value } from '@sluice/pipeline-core';
import type { Store } from '@sluice/storage';
import type { QueryEngine, PromqlResult } from '@sluice/query';
import { parsePromDuration } from '@sluice/query';

/**
 * A small runner for Prometheus's PromQL test scripts (promql/testdata/*.test): `load <step>` blocks
 * written into a real store (one table per metric, tags for labels), `clear`, and `eval[_fail|_ordered]
 * instant at <time> <expr>` checked against the expected series (floats within Prometheus's 1e-6 relative).
 */

export interface ScriptEval {
  readonly line: number;
  readonly expr: string;
  readonly atMs: number;
  readonly fail: boolean;
  readonly ordered: boolean;
  readonly expected: readonly { labels: Record<string, string> | undefined; value: number }[];
}

/** A sample value, or 'stale' for a staleness marker (kept symbolic: arrays of doubles lose NaN payloads). */
export type SampleValue = number | 'stale';
export interface LoadSeries {
  readonly labels: Record<string, string>;
  readonly samples: [number, SampleValue][];
}

export type ScriptCommand =
  | { readonly kind: 'load'; readonly line: number; readonly series: readonly LoadSeries[] }
  | { readonly kind: 'clear'; readonly line: number }
  | ({ readonly kind: 'eval' } & ScriptEval);

const STALE = (() => {
  const b = new DataView(new ArrayBuffer(8));
  b.setUint32(0, 0x7ff00000);
  b.setUint32(4, 0x00000002);
  return b.getFloat64(0);
})();

function num(t: string): number {
  const l = t.toLowerCase();
  if (l === 'inf' || l === '+inf') return Infinity;
  if (l === '-inf') return -Infinity;
  if (l === 'nan') return NaN;
  const v = Number(t);
  if (Number.isNaN(v)) throw new Error(`bad number ${t}`);
  return v;
}

/** `{a="b"}`, `name{a="b"}`, `name` -> labels (Go-style string escapes as JSON). */
export function parseSeriesLabels(text: string): Record<string, string> {
  const m = /^([a-zA-Z_:][\w:]*)?\s*(?:\{(.*)\})?$/.exec(text.trim());
  if (!m) throw new Error(`bad series ${text}`);
  const out: Record<string, string> = {};
  if (m[1]) out.__name__ = m[1];
  const body = m[2] ?? '';
  const re = /\s*([a-zA-Z_][\w]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*,?/gy;
  let mm: RegExpExecArray | null;
  let pos = 0;
  while ((mm = re.exec(body))) {
    out[mm[1]!] = JSON.parse(`"${mm[2]!}"`) as string;
    pos = re.lastIndex;
  }
  if (body.slice(pos).trim() !== '') throw new Error(`bad labels ${body}`);
  return out;
}

/** Splits `series values...` where the label part may contain spaces inside braces. */
function splitSeriesLine(line: string): [string, string] {
  let depth = 0;
  let inStr = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (inStr) {
      if (c === '\\') i++;
      else if (c === '"') inStr = false;
      continue;
    }
    if (c === '"') inStr = true;
    else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if ((c === ' ' || c === '\t') && depth === 0) return [line.slice(0, i), line.slice(i + 1).trim()];
  }
  return [line, ''];
}

/** `0+10x3 _ stale 1x2 _x2` -> values (undefined = no sample). */
export function expandValues(text: string): (SampleValue | undefined)[] {
  const out: (SampleValue | undefined)[] = [];
  for (const tok of text.split(/\s+/).filter(Boolean)) {
    if (tok === '_') {
      out.push(undefined);
      continue;
    }
    if (tok === 'stale') {
      out.push('stale');
      continue;
    }
    const blank = /^_x(\d+)$/.exec(tok);
    if (blank) {
      for (let i = 0; i < Number(blank[1]); i++) out.push(undefined);
      continue;
    }
    const seq = /^([-+]?[^-+x]+(?:e[-+]?\d+)?)([-+])([^x]+)x(\d+)$/i.exec(tok);
    if (seq) {
      const start = num(seq[1]!);
      const step = num(seq[3]!) * (seq[2] === '-' ? -1 : 1);
      for (let i = 0; i <= Number(seq[4]); i++) out.push(start + i * step);
      continue;
    }
    const rep = /^([^x]+)x(\d+)$/.exec(tok);
    if (rep) {
      for (let i = 0; i <= Number(rep[2]); i++) out.push(num(rep[1]!));
      continue;
    }
    out.push(num(tok));
  }
  return out;
}

function durationMs(t: string): number {
  const d = parsePromDuration(t);
  if (d === undefined) throw new Error(`bad duration ${t}`);
  return d;
}

export function parseScript(text: string): ScriptCommand[] {
  const lines = text.split('\n');
  const out: ScriptCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const body: string[] = [];
    const bodyStart = i + 1;
    while (i + 1 < lines.length && /^\s+\S/.test(lines[i + 1]!) && !lines[i + 1]!.trim().startsWith('#')) body.push(lines[++i]!.trim());
    let m: RegExpExecArray | null;
    if ((m = /^load\s+(\S+)$/.exec(line))) {
      const step = durationMs(m[1]!);
      out.push({
        kind: 'load', line: bodyStart - 1,
        series: body.map((b) => {
          const [lbl, vals] = splitSeriesLine(b);
          const samples: [number, SampleValue][] = [];
          expandValues(vals).forEach((v, k) => {
            if (v !== undefined) samples.push([k * step, v]);
          });
          return { labels: parseSeriesLabels(lbl), samples };
        }),
      });
    } else if (line === 'clear') out.push({ kind: 'clear', line: i + 1 });
    else if ((m = /^eval(_fail|_ordered)?\s+instant\s+at\s+(\S+)\s+(.+)$/.exec(line))) {
      const expected = body.map((b) => {
        if (/^[-+]?(\d|\.\d|inf|nan)/i.test(b) && !b.includes('{')) return { labels: undefined, value: num(b.split(/\s+/)[0]!) };
        const [lbl, vals] = splitSeriesLine(b);
        const v = expandValues(vals)[0]!;
        return { labels: parseSeriesLabels(lbl), value: v === 'stale' ? NaN : v };
      });
      out.push({ kind: 'eval', line: bodyStart - 1, expr: m[3]!, atMs: durationMs(m[2]!), fail: m[1] === '_fail', ordered: m[1] === '_ordered', expected });
    } else throw new Error(`line ${i + 1}: unknown command ${line}`);
  }
  return out;
}

/**
 * `[...tags, value, time]` as an array of boxed elements from its first store on. A row array that holds
 * only numbers when the value goes in (V8's double elements, as `[...[], v, t]` builds it before the BigInt
 * arrives) canonicalizes NaN payloads, and a StaleNaN would reach the store as a plain NaN.
 */
function boxedRow(tags: readonly string[], value: number, time: bigint): Value[] {
  const row: Value[] = new Array<Value>(tags.length + 2);
  row[tags.length + 1] = time;
  for (let i = 0; i < tags.length; i++) row[i] = tags[i]!;
  row[tags.length] = value;
  return row;
}

/** Writes a load block: one store write per series (tags = its labels). */
export async function loadSeries(store: Store, db: string, series: readonly LoadSeries[]): Promise<void> {
  for (const s of series) {
    const name = s.labels.__name__;
    if (!name || s.samples.length === 0) continue;
    const tags = Object.keys(s.labels).filter((k) => k !== '__name__').sort();
    const schema: ColumnSchema[] = [
      ...tags.map((t): ColumnSchema => ({ name: t, type: 'string', semantic: 'tag' })),
      { name: 'service_value', type: 'float64', semantic: 'field' },
      { name: 'service_timestamp', type: 'timestamp_ms', semantic: 'timestamp' },
    ];
    const rows: Value[][] = s.samples.map(([t, v]) => boxedRow(tags.map((k) => s.labels[k]!), v === 'stale' ? STALE : v, BigInt(t)));
    await store.write([{ db, table: name, schema, rows }]);
  }
}

function almostEqual(a: number, b: number): boolean {
  if (Number.isNaN(a) && Number.isNaN(b)) return true;
  if (a === b) return true;
  const diff = Math.abs(a - b);
  if (diff <= 2.2250738585072014e-308) return true;
  return diff / (Math.abs(a) + Math.abs(b)) < 1e-6;
}

const key = (r: Record<string, string>) => JSON.stringify(Object.keys(r).sort().map((k) => [k, r[k]]));

/** Checks one eval; returns undefined when it passes, else a reason. */
export async function runEval(engine: QueryEngine, db: string, ev: ScriptEval): Promise<string | undefined> {
  let res: PromqlResult;
  try {
    res = await engine.executePromql({ query: ev.expr, startMs: ev.atMs, endMs: ev.atMs, stepMs: 1000, instant: true, db });
  } catch (e) {
    return ev.fail ? undefined : `error: ${(e as Error).message}`;
  }
  if (ev.fail) return 'expected an error, got a result';
  if (res.resultType === 'scalar') {
    if (ev.expected.length !== 1 || ev.expected[0]!.labels !== undefined) return `got scalar ${res.result[1]}, expected ${ev.expected.length} series`;
    return almostEqual(res.result[1], ev.expected[0]!.value) ? undefined : `scalar ${res.result[1]} != ${ev.expected[0]!.value}`;
  }
  if (res.resultType === 'string') return 'string results are not checked';
  const got = res.resultType === 'vector'
    ? res.result.map((s) => ({ metric: s.metric, value: s.value[1] }))
    : res.result.map((s) => ({ metric: s.metric, value: NaN }));
  if (got.length !== ev.expected.length) return `got ${got.length} series, expected ${ev.expected.length}: ${JSON.stringify(got.slice(0, 4))}`;
  const byKey = new Map(got.map((g, i) => [key(g.metric), { ...g, i }]));
  for (let i = 0; i < ev.expected.length; i++) {
    const exp = ev.expected[i]!;
    const g = byKey.get(key(exp.labels ?? {}));
    if (!g) return `missing series ${JSON.stringify(exp.labels)}; got ${JSON.stringify(got.map((x) => x.metric).slice(0, 4))}`;
    if (!almostEqual(g.value, exp.value)) return `${JSON.stringify(exp.labels)}: got ${g.value}, expected ${exp.value}`;
    if (ev.ordered && g.i !== i) return `order: ${JSON.stringify(exp.labels)} at ${g.i}, expected ${i}`;
  }
  return undefined;
}
