import type { ColumnType } from '@sluice/pipeline-core';
import { castTo } from '../expr/coerce.js';
import { argError, constString, type ScalarFunction } from './function.js';

const ARROW_TYPES: Record<string, ColumnType> = {
  int8: 'int8', int16: 'int16', int32: 'int32', int64: 'int64',
  uint8: 'uint8', uint16: 'uint16', uint32: 'uint32', uint64: 'uint64',
  float32: 'float32', float64: 'float64', utf8: 'string', largeutf8: 'string', utf8view: 'string',
  boolean: 'boolean', binary: 'binary', largebinary: 'binary', binaryview: 'binary',
};
const UNITS: Record<string, ColumnType> = {
  second: 'timestamp_s', s: 'timestamp_s', millisecond: 'timestamp_ms', ms: 'timestamp_ms',
  microsecond: 'timestamp_us', us: 'timestamp_us', nanosecond: 'timestamp_ns', ns: 'timestamp_ns',
};

/** An Arrow type name (`Int64`, `Utf8`, `Timestamp(Millisecond, None)`, `Timestamp(ms)`) as a column type. */
export function arrowType(name: string): ColumnType | undefined {
  const t = name.replace(/\s+/g, '').toLowerCase();
  const ts = /^timestamp\((\w+)(?:,.*)?\)$/.exec(t);
  if (ts) return UNITS[ts[1]!];
  return ARROW_TYPES[t];
}

/** `arrow_cast(x, 'Type')`: a cast named by an Arrow type. */
const arrowCast: ScalarFunction = {
  name: 'arrow_cast', signature: "arrow_cast(x, 'ArrowType')", minArgs: 2, maxArgs: 2,
  bind: ([x, t], ctx) => {
    const name = constString('arrow_cast', t!, 'the type');
    const to = arrowType(name);
    if (!to) throw argError('arrow_cast', `Unsupported type '${name}'`);
    return castTo(x!, to, ctx.timezone);
  },
};

export const CONVERSION_FUNCTIONS: readonly ScalarFunction[] = [arrowCast];
