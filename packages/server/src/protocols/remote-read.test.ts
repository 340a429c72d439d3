import { describe, expect, it } from 'vitest';
import { decodeReadRequest, decodeReadResponse, encodeReadRequest, encodeReadResponse } from './remote-read.js';
import { ReadRequestType } from './prompb.js';

describe('remote read codec', () => {
  it('round-trips queries and responses', () => {
    const q = { startMs: 1000, endMs: 2000, matchers: [{ type: 'RE' as const, name: '__name__', value: 'up|x' }, { type: 'NEQ' as const, name: 'job', value: 'a' }] };
    expect(decodeReadRequest(encodeReadRequest([q]))).toEqual([q]);
    const series = [{ labels: [['__name__', 'up'] as const], samples: [{ value: 1, timestampMs: 1500 }] }];
    expect(decodeReadResponse(encodeReadResponse([series, []]))).toEqual([series, []]);
  });

  it('refuses requests that accept only streamed chunks, and unknown matcher types', () => {
    expect(() => decodeReadRequest(ReadRequestType.encode({ queries: [], acceptedResponseTypes: [1] }).finish())).toThrow(/does not include SAMPLES/);
    expect(() => decodeReadRequest(ReadRequestType.encode({ queries: [{ matchers: [{ type: 7, name: 'a', value: 'b' }] }] }).finish())).toThrow(/matchers\[0\]: unknown matcher type 7/);
  });
});
