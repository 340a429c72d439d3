import { describe, expect, it } from 'vitest';
import { Timestamp } from '../value/timestamp.js';
import type { Doc } from '../value/value.js';
import { parsePipeline } from './parse-pipeline.js';
import { ShapeKeeper } from './shape-keeper.js';
import { TableCollector } from './table-collector.js';

const now = Timestamp.fromMillis(0);

describe('ShapeKeeper', () => {
  it('clears the string and object values of the kept record and keeps numbers and booleans', () => {
    const record: Doc = { message: 'GET /', n: 3, ok: true, ts: new Timestamp(5n), nested: { a: 'x' }, gone: null };
    const nested = record.nested;
    new ShapeKeeper().keep(record, new TableCollector());
    expect(record).toEqual({ message: null, n: 3, ok: true, ts: null, nested: null, gone: null });
    expect(nested).toEqual({ a: 'x' }); // only the record's own fields are cleared
  });

  it('lets go of the rows of the kept tables, not of the rows handed out', () => {
    const tables = new TableCollector();
    const t = tables.table('', undefined, '');
    t.rows.push(['a']);
    const out = tables.finish();
    new ShapeKeeper().keep(undefined, tables);
    expect(t.rows).toEqual([]);
    expect(out[0]!.rows).toEqual([['a']]);
  });

  it('a run keeps shapes without changing the results of earlier runs', () => {
    const p = parsePipeline(`
processors:
  - dissect:
      field: message
      pattern: '%{a} %{b}'
transform:
  - fields: [a, b]
    type: string
`);
    const first = p.run(['x y', 'z w'], { now });
    const second = p.run(['p q'], { now });
    expect(first.tables[0]!.rows.map((r) => r.slice(0, 2))).toEqual([['x', 'y'], ['z', 'w']]);
    expect(second.tables[0]!.rows.map((r) => r.slice(0, 2))).toEqual([['p', 'q']]);
  });

  it('never clears a record the caller passed in', () => {
    const p = parsePipeline(`
processors:
  - dissect:
      field: message
      pattern: '%{a} %{b}'
`);
    const item: Doc = { message: 'x y' };
    p.run([item], { now });
    expect(item).toEqual({ message: 'x y' });
  });
});
