// Random records through real pipelines: bad input must come out as listed item errors with an
// input-error code, never as a crash or an internal error.
import { describe, expect, it } from 'vitest';
import { StatusCode } from '../errors/index.js';
import { Timestamp } from '../value/timestamp.js';
import type { Doc, Value } from '../value/value.js';
import { identityPipeline } from './identity.js';
import { parsePipeline } from './parse-pipeline.js';

let seed = 7;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};
const KEYS = ['a', 'b', 'ts', 'n', 'service_ttl', 'service_table_suffix', 'service_merge_mode', 'payload', '__proto__', 'constructor'];

function value(depth: number): Value {
  switch (rand(depth > 2 ? 8 : 10)) {
    case 0: return null;
    case 1: return rand(2) === 1;
    case 2: return rand(1000) - 500;
    case 3: return (rand(10000) - 5000) / 7;
    case 4: return ['', '1d', 'last_row', '42', '-1', '2024-01-01T00:00:00Z', '{"x":1}', 'x'.repeat(rand(5)), '1e400', 'NaN'][rand(10)]!;
    case 5: return 2n ** BigInt(rand(70));
    case 6: return new Timestamp(BigInt(rand(1_000_000)) * 1_000_000n, (['s', 'ms', 'us', 'ns'] as const)[rand(4)]);
    case 7: return new Uint8Array([rand(256)]);
    case 8: return Array.from({ length: rand(3) }, () => value(depth + 1));
    default: return doc(depth + 1);
  }
}

function doc(depth = 0): Doc {
  const d: Doc = {};
  for (let i = rand(6); i > 0; i--) Object.defineProperty(d, KEYS[rand(KEYS.length)]!, { value: value(depth), enumerable: true, writable: true, configurable: true });
  return d;
}

const pipelines = [
  identityPipeline(),
  identityPipeline({ customTimeIndex: 'ts;epoch;ms', flattenJsonObject: true, maxNestedLevels: 2 }),
  parsePipeline('version: 2\nprocessors:\n  - json_parse:\n      field: payload\n      ignore_missing: true\n  - simple_extract:\n      field: "payload, x"\n      key: x\n      ignore_missing: true\ntransform:\n  - field: n\n    type: int16\n  - field: a\n    type: float32\n    on_failure: default\n  - field: ts\n    type: epoch, s\n    index: timestamp\n    on_failure: default\n'),
  parsePipeline('processors:\n  - json_path:\n      field: "payload, p"\n      json_path: "$..x"\n      ignore_missing: true\n  - filter:\n      field: b\n      targets: ["1"]\n      ignore_missing: true\ntable_suffix: _${a}\ntransform:\n  - fields: [a, b]\n    type: string\n  - field: p\n    type: json\n'),
];

describe('run over random records', () => {
  it('reports every failure as an input error and writes the rest', () => {
    const now = Timestamp.fromMillis(0);
    const written = pipelines.map(() => 0);
    const failed = pipelines.map(() => 0);
    for (let round = 0; round < 200; round++) {
      const items = Array.from({ length: 20 }, () => (rand(5) === 0 ? 'a text line' : doc()));
      for (const [pi, p] of pipelines.entries()) {
        const r = p.run(items, { skipError: true, now });
        failed[pi]! += r.errors.length;
        for (const e of r.errors) expect(e.code, e.message).toBe(StatusCode.InvalidArguments);
        let rows = 0;
        for (const t of r.tables) {
          rows += t.rows.length;
          for (const row of t.rows) expect(row.length).toBe(t.schema.length);
          expect(t.schema.filter((c) => c.semantic === 'timestamp').length).toBe(1);
        }
        expect(rows + r.errors.length).toBeLessThanOrEqual(items.length);
        written[pi]! += rows;
      }
    }
    // The records are varied enough to exercise both outcomes in every pipeline.
    for (let i = 0; i < pipelines.length; i++) {
      expect(written[i], `pipeline ${i} rows`).toBeGreaterThan(100);
      expect(failed[i], `pipeline ${i} errors`).toBeGreaterThan(0);
    }
  });
});
