import { describe, expect, it } from 'vitest';
import { PipelineConfigError } from '../errors/index.js';
import { Timestamp } from '../value/timestamp.js';
import { identityPipeline } from './identity.js';

const now = Timestamp.fromMillis(0);
const names = (r: ReturnType<ReturnType<typeof identityPipeline>['run']>) => r.tables[0]!.schema.map((c) => `${c.name}:${c.type}:${c.semantic}`);

describe('identityPipeline', () => {
  it('is one compiled pipeline without options', () => {
    expect(identityPipeline()).toBe(identityPipeline({}));
  });

  it('uses an epoch field as the time index (custom_time_index)', () => {
    const r = identityPipeline({ customTimeIndex: 'ts;epoch;s' }).run([{ action: 'login', ts: 1742814853 }, { action: 'x', ts: '1742814854' }], { now });
    expect(names(r)).toEqual(['ts:timestamp_s:timestamp', 'action:string:field']);
    expect(r.tables[0]!.rows[1]![0]).toEqual(new Timestamp(1742814854_000_000_000n, 's'));
  });

  it('parses a date string field as the time index', () => {
    const r = identityPipeline({ customTimeIndex: 'input_ts;datestr;%Y-%m-%dT%H:%M:%S%z' }).run([{ input_ts: '2025-07-17T10:00:00+0800' }], { now });
    expect(names(r)).toEqual(['input_ts:timestamp_ns:timestamp']);
    expect((r.tables[0]!.rows[0]![0] as Timestamp).toISOString()).toBe('2025-07-17T02:00:00Z');
  });

  it('reports a record whose time index does not parse, naming the field', () => {
    const p = identityPipeline({ customTimeIndex: 'ts;datestr;%Y-%m-%d' });
    expect(() => p.run([{ ts: 'yesterday' }], { now })).toThrow(/item 0: field 'ts': cannot parse 'yesterday'/);
    expect(() => p.run([{ other: 1 }], { now })).toThrow("item 0: field 'ts': the time index field is missing");
  });

  it('rejects bad custom_time_index texts', () => {
    expect(() => identityPipeline({ customTimeIndex: 'ts' })).toThrow(PipelineConfigError);
    expect(() => identityPipeline({ customTimeIndex: 'ts;epoch;minutes' })).toThrow("invalid resolution 'minutes'");
    expect(() => identityPipeline({ customTimeIndex: 'ts;clock;s' })).toThrow("unknown time index kind 'clock'");
    expect(() => identityPipeline({ flattenJsonObject: true, maxNestedLevels: 0 })).toThrow('max_nested_levels');
  });

  it('flattens nested objects to a depth, arrays and deeper objects as JSON text', () => {
    const doc = { a: { b: { c: { d: [1, 2, 3] } } }, e: ['foo', 'bar'], f: { g: { h: 123, i: 'hello', j: { k: true } } } };
    const r = identityPipeline({ flattenJsonObject: true, maxNestedLevels: 3 }).run([doc], { now });
    expect(names(r)).toEqual(['service_timestamp:timestamp_ns:timestamp', 'a.b.c:string:field', 'e:string:field', 'f.g.h:int64:field', 'f.g.i:string:field', 'f.g.j:string:field']);
    expect(r.tables[0]!.rows[0]!.slice(1)).toEqual(['{"d":[1,2,3]}', '["foo","bar"]', 123, 'hello', '{"k":true}']);
    expect(doc.a.b.c.d).toEqual([1, 2, 3]);
  });

  it('flattens by default (GreptimeDB), new columns in name order, null-only keys make no column', () => {
    const r = identityPipeline().run([{ z: 1, obj: { b: 2, a: 'x' }, arr: [1], gone: null }, { m: true, obj: { c: null } }], { now });
    expect(names(r)).toEqual(['service_timestamp:timestamp_ns:timestamp', 'arr:string:field', 'obj.a:string:field', 'obj.b:int64:field', 'z:int64:field', 'm:boolean:field']);
    expect(r.tables[0]!.rows[0]!.slice(1)).toEqual(['[1]', 'x', 2, 1, null]);
  });

  it('flatten_json_object=false keeps objects and arrays as Json columns', () => {
    const r = identityPipeline({ flattenJsonObject: false }).run([{ obj: { a: 1 }, arr: [1] }], { now });
    expect(names(r)).toEqual(['service_timestamp:timestamp_ns:timestamp', 'arr:json:field', 'obj:json:field']);
  });
});
