import { describe, expect, it } from 'vitest';
import { decodeRemoteWrite, encodeRemoteWrite } from './remote-write.js';
import { WriteRequestType } from './prompb.js';
import { snappyDecode, snappyEncode, snappyDeclaredLength } from './snappy.js';

describe('decodeRemoteWrite', () => {
  it('sorts labels, drops empty values and keeps samples in order', () => {
    const bytes = WriteRequestType.encode({
      timeseries: [{ labels: [{ name: 'z', value: '1' }, { name: '__name__', value: 'm' }, { name: 'a', value: '' }], samples: [{ value: 2.5, timestamp: 1000 }, { value: -1, timestamp: 2000 }] }],
    }).finish();
    const d = decodeRemoteWrite(bytes);
    expect(d.series[0]!.labels).toEqual([['__name__', 'm'], ['z', '1']]);
    expect([...d.series[0]!.values]).toEqual([2.5, -1]);
    expect([...d.series[0]!.timestamps]).toEqual([1000, 2000]);
    expect(d.sampleCount).toBe(2);
  });

  it('reads negative and large int64 timestamps exactly, and skips unknown fields (exemplars)', () => {
    const bytes = WriteRequestType.encode({
      timeseries: [{ labels: [{ name: '__name__', value: 'm' }], samples: [{ value: 1, timestamp: -5000 }, { value: 2, timestamp: 4_102_444_800_123 }], exemplars: [{ value: 3, timestamp: 1 }] }],
    }).finish();
    expect([...decodeRemoteWrite(bytes).series[0]!.timestamps]).toEqual([-5000, 4_102_444_800_123]);
    expect(() => decodeRemoteWrite(bytes.subarray(0, bytes.length - 3))).toThrow(/not a valid prometheus.WriteRequest/);
  });

  it('counts metadata of metadata-only requests', () => {
    const d = decodeRemoteWrite(WriteRequestType.encode({ metadata: [{ type: 1, metricFamilyName: 'x', help: 'y' }] }).finish());
    expect(d).toEqual({ series: [], metadataCount: 1, sampleCount: 0 });
  });

  it('names the series without __name__ or with a repeated label', () => {
    expect(() => decodeRemoteWrite(encodeRemoteWrite([{ labels: { job: 'a' }, samples: [] }]))).toThrow(/timeseries\[0\]: no __name__/);
    const twice = WriteRequestType.encode({ timeseries: [{ labels: [{ name: '__name__', value: 'm' }, { name: 'a', value: '1' }, { name: 'a', value: '2' }] }] }).finish();
    expect(() => decodeRemoteWrite(twice)).toThrow(/label 'a' appears twice/);
  });

  it('rejects bytes that are not a WriteRequest', () => {
    expect(() => decodeRemoteWrite(new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]))).toThrow(/not a valid prometheus.WriteRequest/);
  });
});

describe('snappy', () => {
  it('round-trips and bounds the declared size', () => {
    const data = new TextEncoder().encode('hello hello hello hello');
    const c = snappyEncode(data);
    expect(snappyDeclaredLength(c)).toBe(data.length);
    expect(snappyDecode(c, 100, 'x')).toEqual(data);
    expect(() => snappyDecode(c, 10, 'body')).toThrow(/declares 23 bytes, over the body limit/);
    expect(() => snappyDecode(new Uint8Array([5, 0xff, 0xff]), 100, 'body')).toThrow(/corrupt snappy/);
  });
});
