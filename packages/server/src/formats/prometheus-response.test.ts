import { describe, expect, it } from 'vitest';
import { promErrorBody, promResultJson, promSuccess, promTime } from './prometheus-response.js';

describe('Prometheus API JSON', () => {
  it('writes times as seconds with up to three decimals, as Prometheus does', () => {
    expect(promTime(1_435_781_451_781)).toBe('1435781451.781');
    expect(promTime(1_435_781_451_050)).toBe('1435781451.050');
    expect(promTime(1_435_781_451_000)).toBe('1435781451');
    expect(promTime(-1_500)).toBe('-1.500');
  });

  it('writes values as strings, with NaN and infinities spelled as Go does', async () => {
    const json = await promResultJson({ resultType: 'vector', result: [
      { metric: { a: 'x' }, value: [1000, 0.1] }, { metric: {}, value: [1000, NaN] }, { metric: {}, value: [1000, -Infinity] }, { metric: {}, value: [1000, 1e21] },
    ] });
    expect(json).toBe('{"resultType":"vector","result":[{"metric":{"a":"x"},"value":[1,"0.1"]},{"metric":{},"value":[1,"NaN"]},{"metric":{},"value":[1,"-Inf"]},{"metric":{},"value":[1,"1000000000000000000000"]}]}');
  });

  it('writes scalars, strings and matrices', async () => {
    expect(await promResultJson({ resultType: 'scalar', result: [2500, 3] })).toBe('{"resultType":"scalar","result":[2.500,"3"]}');
    expect(await promResultJson({ resultType: 'string', result: [0, 'a"b'] })).toBe('{"resultType":"string","result":[0,"a\\"b"]}');
    expect(await promResultJson({ resultType: 'matrix', result: [{ metric: {}, times: Float64Array.of(1000, 2000), values: Float64Array.of(1, 2) }] }))
      .toBe('{"resultType":"matrix","result":[{"metric":{},"values":[[1,"1"],[2,"2"]]}]}');
    expect(JSON.parse(promSuccess('[]'))).toEqual({ status: 'success', data: [] });
    expect(JSON.parse(promErrorBody('bad_data', 'x'))).toEqual({ status: 'error', errorType: 'bad_data', error: 'x' });
  });
});
