import type { ColumnType } from '../../schema/column-type.js';
import type { TimeUnit } from '../../value/timestamp.js';
import { didYouMean } from '../../config/did-you-mean.js';

/**
 * A transform `type:` as written in YAML, parsed once: a plain column type, or a time type
 * (`time`, `epoch, ms`, `timestamp, ns`) with its unit.
 */
export type TransformType =
  | { readonly kind: 'plain'; readonly column: ColumnType }
  | { readonly kind: 'epoch'; readonly unit: TimeUnit; readonly column: ColumnType }
  | { readonly kind: 'time'; readonly unit: TimeUnit; readonly column: ColumnType };

const PLAIN: Record<string, ColumnType> = {
  int8: 'int8', int16: 'int16', int32: 'int32', int64: 'int64',
  uint8: 'uint8', uint16: 'uint16', uint32: 'uint32', uint64: 'uint64',
  float32: 'float32', float64: 'float64',
  string: 'string', boolean: 'boolean', json: 'json',
};

const UNITS: Record<string, TimeUnit> = {
  s: 's', sec: 's', second: 's',
  ms: 'ms', millisecond: 'ms',
  us: 'us', microsecond: 'us',
  ns: 'ns', nanosecond: 'ns',
};

const NAMES = [...Object.keys(PLAIN), 'time', 'epoch, ms', 'timestamp, ns'];

/** Parses a type text; returns an error message (not a throw) so the caller can locate it. */
export function parseTransformType(text: string): TransformType | string {
  const [head = '', unitText, ...extra] = text.split(',').map((s) => s.trim());
  const name = head.toLowerCase();
  if (extra.length > 0) return `invalid type '${text}': expected '<type>' or '<type>, <unit>'`;
  const plain = PLAIN[name];
  if (plain !== undefined) {
    if (unitText !== undefined) return `type '${name}' takes no unit (got '${text}')`;
    return { kind: 'plain', column: plain };
  }
  if (name === 'epoch' || name === 'time' || name === 'timestamp') {
    let unit: TimeUnit = 'ns';
    if (unitText !== undefined) {
      const u = UNITS[unitText.toLowerCase()];
      if (u === undefined) return `invalid unit '${unitText}' in type '${text}' (use s, ms, us or ns)`;
      unit = u;
    } else if (name === 'epoch') {
      return `type 'epoch' needs a unit, e.g. 'epoch, ms' (use s, ms, us or ns)`;
    }
    const column = `timestamp_${unit}` as ColumnType;
    return name === 'epoch' ? { kind: 'epoch', unit, column } : { kind: 'time', unit, column };
  }
  return `unknown type '${text}'${didYouMean(name, NAMES)}; known types: ${NAMES.join(', ')}, timestamp`;
}
