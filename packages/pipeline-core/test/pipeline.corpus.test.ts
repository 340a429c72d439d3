/**
 * Pipeline conformance corpus: every `corpus/pipeline/*.json` file is a list of cases
 *   { name, pipeline: "<yaml>", input: [...items], run?: { skipError?, now? }, pipelines?: { name: "<yaml>" },
 *     requires?: ["dissect", ...],
 *     expect: { tables: [{ suffix, options?, schema: ["name:type:semantic[:index]"], rows }], errors?: [...] }
 *     | error: { message, code? } }
 * Rows are written in a JSON form: timestamps as RFC 3339 strings (UTC, 0/3/6/9 fraction digits),
 * integers beyond 2^53 as strings ending in `n` ("9007199254740993n"), bytes as number arrays.
 * `now` defaults to 2024-01-01T00:00:00Z. `error.message` and `errors[].message` are substrings.
 * A case listing `requires` fails while one of those processors is still a placeholder (never skipped).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePipeline, Timestamp, type Pipeline, type PipelineResult, type Value } from '../src/index.js';

interface Case {
  name: string;
  pipeline: string;
  input: unknown[];
  run?: { skipError?: boolean; now?: string };
  pipelines?: Record<string, string>;
  requires?: string[];
  expect?: { tables: unknown[]; errors?: { index: number; processor?: { index: number; kind: string }; message: string }[] };
  error?: { message: string; code?: number };
}

const dir = new URL('./corpus/pipeline/', import.meta.url);
const placeholder = (kind: string) => {
  const path = kind === 'dissect' ? 'dissect/dissect.ts' : `${kind}.ts`;
  return readFileSync(new URL(`../src/processors/${path}`, import.meta.url), 'utf8').includes('PLACEHOLDER');
};

function plain(v: Value): unknown {
  if (typeof v === 'bigint') return `${v}n`;
  if (v instanceof Timestamp) return v.toISOString();
  if (v instanceof Uint8Array) return Array.from(v);
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

function render(r: PipelineResult) {
  return r.tables.map((t) => {
    const out: Record<string, unknown> = { suffix: t.suffix };
    const opts = Object.keys(t.options).length > 0 ? Object.fromEntries(Object.entries(t.options).map(([k, v]) => [k, typeof v === 'object' ? v.text : v])) : undefined;
    if (opts !== undefined) out.options = opts;
    out.schema = t.schema.map((c) => `${c.name}:${c.type}:${c.semantic}${c.index ? `:${c.index}` : ''}`);
    out.rows = t.rows.map((row) => row.map(plain));
    return out;
  });
}

function runCase(c: Case): PipelineResult {
  const named = new Map<string, Pipeline>();
  const resolvePipeline = (n: string) => named.get(n);
  for (const [n, y] of Object.entries(c.pipelines ?? {})) named.set(n, parsePipeline(y, { resolvePipeline }));
  const p = parsePipeline(c.pipeline, { resolvePipeline });
  const now = Timestamp.fromMillis(Date.parse(c.run?.now ?? '2024-01-01T00:00:00Z'));
  return p.run(c.input as never, { skipError: c.run?.skipError, now });
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const cases = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Case[];
  describe(`corpus/pipeline/${file}`, () => {
    for (const c of cases) {
      it(c.name, () => {
        // A case that cannot run is a failure to see, not a skip to overlook.
        expect((c.requires ?? []).filter(placeholder), 'processors this case needs that are still placeholders').toEqual([]);
        if (c.error !== undefined) {
          let thrown: unknown;
          try {
            runCase(c);
          } catch (e) {
            thrown = e;
          }
          expect(thrown, 'expected an error').toBeInstanceOf(Error);
          expect((thrown as Error).message).toContain(c.error.message);
          if (c.error.code !== undefined) expect((thrown as { code?: number }).code).toBe(c.error.code);
          return;
        }
        const r = runCase(c);
        expect(render(r)).toEqual(c.expect!.tables);
        const errs = r.errors.map((e) => ({ index: e.index, ...(e.processor ? { processor: e.processor } : {}), message: e.message }));
        const want = c.expect!.errors ?? [];
        expect(errs.length, JSON.stringify(errs)).toBe(want.length);
        want.forEach((w, i) => {
          expect(errs[i]!.index).toBe(w.index);
          expect(errs[i]!.processor).toEqual(w.processor);
          expect(errs[i]!.message).toContain(w.message);
          expect(errs[i]!.message).not.toMatch(/^(item \d+|processor \d+ \()|: processor \d+ \(/);
        });
      });
    }
  });
}
