import { describe, expect, it } from 'vitest';
import { parseTransformType } from './transform-type.js';

describe('parseTransformType', () => {
  it('reads plain and time types with units', () => {
    expect(parseTransformType('uint16')).toEqual({ kind: 'plain', column: 'uint16' });
    expect(parseTransformType('Int64')).toEqual({ kind: 'plain', column: 'int64' });
    expect(parseTransformType('epoch, ms')).toEqual({ kind: 'epoch', unit: 'ms', column: 'timestamp_ms' });
    expect(parseTransformType('epoch,second')).toEqual({ kind: 'epoch', unit: 's', column: 'timestamp_s' });
    expect(parseTransformType('time')).toEqual({ kind: 'time', unit: 'ns', column: 'timestamp_ns' });
    expect(parseTransformType('timestamp, us')).toEqual({ kind: 'time', unit: 'us', column: 'timestamp_us' });
  });

  it('explains what is wrong', () => {
    expect(parseTransformType('epoch')).toMatch(/needs a unit/);
    expect(parseTransformType('time, ms, x')).toMatch(/expected '<type>' or '<type>, <unit>'/);
    expect(parseTransformType('flaot64')).toMatch(/did you mean 'float64'/);
  });
});
