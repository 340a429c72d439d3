import { describe, expect, it } from 'vitest';
import { PushRequest, decodeLokiJson, decodeLokiProtobuf, parseLokiLabels } from './loki-push.js';
import { lokiToDocs, lokiToWrite } from './loki-rows.js';
import { Timestamp } from '@sluice/pipeline-core';

describe('Loki push decoding', () => {
  it('parses label sets with escapes, in any order, and names a bad one', () => {
    expect(parseLokiLabels('{level="info", app="a\\"b\\\\c", msg="x\\ny"}', 'labels')).toEqual({ level: 'info', app: 'a"b\\c', msg: 'x\ny' });
    expect(parseLokiLabels('{}', 'labels')).toEqual({});
    expect(() => parseLokiLabels('{level=info}', 'streams[0].labels')).toThrow('streams[0].labels: invalid labels "{level=info}" at offset 1');
    expect(() => parseLokiLabels('level="x"', 'l')).toThrow(/expected \{name="value", \.\.\.\}/);
  });

  it('decodes protobuf PushRequest with nanosecond timestamps and structured metadata', () => {
    const buf = PushRequest.encode({
      streams: [{ labels: '{app="api"}', entries: [{ timestamp: { seconds: 1700000000, nanos: 123 }, line: 'hello', structuredMetadata: [{ name: 'trace_id', value: 'abc' }] }] }],
    }).finish();
    expect(decodeLokiProtobuf(buf)).toEqual([{ labels: { app: 'api' }, entries: [{ ns: 1700000000000000123n, line: 'hello', metadata: { trace_id: 'abc' } }] }]);
    expect(() => decodeLokiProtobuf(new Uint8Array([0x0a, 0xff, 0xff]))).toThrow(/^cannot decode Loki protobuf PushRequest/);
  });

  it('decodes JSON pushes, with or without the metadata element, naming the place of a bad value', () => {
    const body = { streams: [{ stream: { app: 'x' }, values: [['1700000000000000001', 'a'], ['1700000000000000002', 'b', { user: 'u1' }]] }] };
    expect(decodeLokiJson(JSON.stringify(body))).toEqual([{
      labels: { app: 'x' },
      entries: [{ ns: 1700000000000000001n, line: 'a', metadata: {} }, { ns: 1700000000000000002n, line: 'b', metadata: { user: 'u1' } }],
    }]);
    expect(() => decodeLokiJson('{"streams":[{"stream":{"a":1},"values":[]}]}')).toThrow('streams[0].stream.a: expected a string, got 1');
    expect(() => decodeLokiJson('{"streams":[{"values":[["1","x",{"k":2}]]}]}')).toThrow('streams[0].values[0][2].k: expected a string, got 2');
    expect(() => decodeLokiJson('{"streams":[{"values":[["1"]]}]}')).toThrow('streams[0].values[0]: expected [timestamp, line] or [timestamp, line, metadata]');
    expect(() => decodeLokiJson('{}')).toThrow('Loki JSON push body: expected {"streams": [...]}');
  });
});

describe('Loki rows', () => {
  const streams = [
    { labels: { app: 'a' }, entries: [{ ns: 1n, line: 'x', metadata: {} }] },
    { labels: { app: 'b', env: 'prod' }, entries: [{ ns: 2n, line: 'y', metadata: { k: 'v' } }] },
  ];

  it('service_timestamp, line, structured_metadata, then one tag column per label', () => {
    const w = lokiToWrite(streams, 'public', 'logpush_logs', {});
    expect(w.schema.map((c) => `${c.name}:${c.type}:${c.semantic}`)).toEqual([
      'service_timestamp:timestamp_ns:timestamp', 'line:string:field', 'structured_metadata:json:field', 'app:string:tag', 'env:string:tag',
    ]);
    expect(w.rows).toEqual([[1n, 'x', {}, 'a', null], [2n, 'y', { k: 'v' }, 'b', 'prod']]);
    expect(() => lokiToWrite([{ labels: { line: 'x' }, entries: [] }], 'public', 't', {})).toThrow("streams[0]: label 'line' clashes with the column of the same name");
  });

  it('pipeline input names labels loki_label_*, metadata loki_metadata_*, the line loki_line', () => {
    expect(lokiToDocs(streams)[1]).toEqual({ service_timestamp: new Timestamp(2n, 'ns'), loki_line: 'y', loki_label_app: 'b', loki_label_env: 'prod', loki_metadata_k: 'v' });
  });
});
