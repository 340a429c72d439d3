import { describe, expect, it } from 'vitest';
import { logsWhere, tsLiteral } from './logs-sql.js';
import { measurements } from './line-protocol.js';
import { prefixTree } from './prefix-tree.js';
import { spanTree } from './span-tree.js';
import { parsePromText, sumBy } from './prom-text.js';
import { bucketSeconds } from './time-range.js';
import { sampleItems, dryRunInBrowser } from './dryrun.js';

describe('log search SQL', () => {
  it('bounds the time and searches every string column, quoting what the user typed', () => {
    expect(tsLiteral(1_700_000_000.5)).toBe("'2023-11-14T22:13:20.500Z'");
    expect(logsWhere('ts', ['msg', 'host'], { start: 1_700_000_000, end: 1_700_000_060 }, " it's ")).toBe(
      `"ts" >= '2023-11-14T22:13:20.000Z' AND "ts" < '2023-11-14T22:14:20.000Z' AND ("msg" ILIKE '%it''s%' OR "host" ILIKE '%it''s%')`,
    );
    expect(logsWhere('ts', [], { start: 0, end: 1 }, 'x')).not.toContain('ILIKE');
  });
  it('picks round histogram buckets', () => {
    expect(bucketSeconds({ start: 0, end: 3600 })).toBe(60);
    expect(bucketSeconds({ start: 0, end: 86400 })).toBe(1800);
  });
});

describe('line protocol measurements', () => {
  it('counts lines per measurement, escapes undone, comments skipped', () => {
    expect([...measurements('cpu,host=a v=1\n# c\nmy\\ cpu v=2 1\ncpu v=3\n\n')]).toEqual([['cpu', 2], ['my cpu', 1]]);
  });
});

describe('metric prefix tree', () => {
  it('groups by the first word', () => {
    expect([...prefixTree(['http_b', 'up', 'http_a'])]).toEqual([['http', ['http_a', 'http_b']], ['up', ['up']]]);
  });
});

describe('span tree', () => {
  const s = (id: string, parent: string, startMs: number) => ({ id, parent, name: id, service: 's', startMs, durationMs: 1, row: {} });
  it('puts children under parents by start time; orphans are roots', () => {
    const out = spanTree([s('c2', 'r', 5), s('r', '', 0), s('c1', 'r', 1), s('g', 'c1', 2), s('o', 'missing', 3)]);
    expect(out.map((x) => `${x.span.id}:${x.depth}`)).toEqual(['r:0', 'c1:1', 'g:2', 'c2:1', 'o:0']);
  });
});

describe('/metrics text', () => {
  it('parses samples and sums by a label', () => {
    const s = parsePromText('# HELP x\nx_total{table="a",db="p"} 2\nx_total{table="b"} 3\nx_total{table="a"} 1\ny 7\n');
    expect(sumBy(s, 'x_total', 'table')).toEqual(new Map([['a', 3], ['b', 3]]));
    expect(sumBy(s, 'y').get('')).toBe(7);
  });
});

describe('dry run in the browser code', () => {
  it('runs the pipeline over text lines and reports failing lines', () => {
    const yaml = `processors:\n  - dissect:\n      fields: [message]\n      patterns: ['%{a} %{b}']\ntransform:\n  - fields: [a, b]\n    type: string\n`;
    const r = dryRunInBrowser(yaml, 'x y\nnospace\n', 'text/plain');
    expect(r.tables[0]!.rs.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['a', 'b']));
    expect(r.tables[0]!.rs.rows).toHaveLength(1);
    expect(r.errors.map((e) => e.index)).toEqual([1]);
  });
  it('reads samples as lines, NDJSON or a JSON array', () => {
    expect(sampleItems('a\n\nb', 'text/plain')).toEqual(['a', 'b']);
    expect(sampleItems('{"a":1}\n{"a":2}', 'application/x-ndjson')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(sampleItems('[{"a":1}]', 'application/json')).toEqual([{ a: 1 }]);
    expect(() => sampleItems('{"a":', 'application/x-ndjson')).toThrow(/line 1/);
  });
});
