import { describe, expect, it } from 'vitest';
import { DROP, type Processor } from '../processors/processor.js';
import { Timestamp } from '../value/timestamp.js';
import type { Doc } from '../value/value.js';
import { CompiledPipeline } from './compiled-pipeline.js';
import { parsePipeline } from './parse-pipeline.js';
import { PipelineRunError } from './run-error.js';
import { RowTransform } from './transform/row-transform.js';

const now = Timestamp.fromMillis(0);

function withProcessors(...processors: Processor[]): CompiledPipeline {
  return new CompiledPipeline(1, undefined, processors, new RowTransform([], true, { kind: 'now' }), undefined, undefined, undefined);
}

describe('run', () => {
  it('fans out an array returned by a processor; later processors see each record', () => {
    const split: Processor = { kind: 'vrl', exec: (doc) => String(doc.list).split(',').map((x) => ({ x })) };
    const upper: Processor = { kind: 'letter', exec: (doc) => ({ x: String(doc.x).toUpperCase() }) };
    const r = withProcessors(split, upper).run([{ list: 'a,b' }, { list: 'c' }], { now });
    expect(r.tables[0]!.rows.map((row) => row[1])).toEqual(['A', 'B', 'C']);
  });

  it('drops records on DROP without reporting an error', () => {
    const dropOdd: Processor = { kind: 'filter', exec: (doc) => ((doc.n as number) % 2 === 1 ? DROP : doc) };
    const r = withProcessors(dropOdd).run([{ n: 1 }, { n: 2 }, { n: 3 }], { now, skipError: true });
    expect(r.errors).toEqual([]);
    expect(r.tables[0]!.rows).toEqual([[new Timestamp(0n, 'ns'), 2]]);
  });

  it('throws a PipelineRunError carrying the item index and the processor', () => {
    const boom: Processor = {
      kind: 'regex',
      exec: (doc) => {
        if (doc.bad) throw new Error('no match');
        return doc;
      },
    };
    let err: unknown;
    try {
      withProcessors({ kind: 'select', exec: (d) => d }, boom).run([{}, { bad: true }], { now });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PipelineRunError);
    expect((err as PipelineRunError).itemIndex).toBe(1);
    expect((err as PipelineRunError).processor).toEqual({ index: 1, kind: 'regex' });
    expect((err as PipelineRunError).message).toBe('item 1: processor 1 (regex): no match');
  });

  it('does not change the items it is given', () => {
    const input: Doc = { a: '{"b":1}', service_ttl: '1d' };
    parsePipeline('processors:\n  - json_parse:\n      field: a\n').run([input], { now });
    expect(input).toEqual({ a: '{"b":1}', service_ttl: '1d' });
  });

  it('resolves dispatcher pipelines at run time, so they may be defined later', () => {
    const named = new Map<string, ReturnType<typeof parsePipeline>>();
    const main = parsePipeline('processors: []\ndispatcher:\n  field: t\n  rules:\n    - value: x\n      table_suffix: _x\n      pipeline: later\n', {
      resolvePipeline: (n) => named.get(n),
    });
    named.set('later', parsePipeline('processors:\n  - select:\n      fields: [v]\n'));
    const r = main.run([{ t: 'x', v: 1 }], { now });
    expect(r.tables.map((t) => [t.suffix, t.schema.map((c) => c.name)])).toEqual([['_x', ['service_timestamp', 'v']]]);
  });

  it('uses the current time when `now` is not given', () => {
    const before = BigInt(Date.now()) * 1_000_000n;
    const r = parsePipeline('processors: []\n').run(['x']);
    const ts = r.tables[0]!.rows[0]![0] as Timestamp;
    expect(ts.unit).toBe('ns');
    expect(ts.ns >= before).toBe(true);
  });
});

describe('run: item atomicity and ownership', () => {
  it('writes a fanned-out item whole or not at all', () => {
    const split: Processor = { kind: 'vrl', exec: (doc) => (doc.list as string[]).map((x) => ({ x })) };
    const check: Processor = {
      kind: 'regex',
      exec: (doc) => {
        if (doc.x === 'bad') throw new Error('bad record');
        return doc;
      },
    };
    const r = withProcessors(split, check).run([{ list: ['a', 'bad'] }, { list: ['c'] }], { now, skipError: true });
    expect(r.tables[0]!.rows.map((row) => row[1])).toEqual(['c']);
    expect(r.errors).toEqual([{ index: 0, processor: { index: 1, kind: 'regex' }, message: 'bad record', code: 1004 }]);
  });

  it('does not copy items a pipeline does not change, and copies those it does', () => {
    const item: Doc = { a: 1 };
    const seen: Doc[] = [];
    const spy: Processor = { kind: 'select', exec: (doc) => (seen.push(doc), doc) };
    withProcessors(spy).run([item], { now });
    expect(seen[0]).not.toBe(item);
    const withTtl: Doc = { a: 1, service_ttl: '1d' };
    const r = withProcessors().run([withTtl], { now });
    expect(withTtl).toEqual({ a: 1, service_ttl: '1d' });
    expect(r.tables[0]!.options).toEqual({ ttl: { text: '1d', ms: 86_400_000 } });
  });
});
