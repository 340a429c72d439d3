import { ProcessorError } from '../errors/index.js';
import { readFields, type Field } from '../fields/field.js';
import { forEachField } from '../fields/for-each-field.js';
import { Timestamp, nsPerUnit, type TimeUnit } from '../value/timestamp.js';
import { kindOf, type Value } from '../value/value.js';
import { defineProcessor } from './processor.js';

/** Every spelling GreptimeDB accepts for `resolution`. */
const RESOLUTIONS: Record<string, TimeUnit> = {
  s: 's', sec: 's', second: 's',
  ms: 'ms', milli: 'ms', millisecond: 'ms',
  us: 'us', micro: 'us', microsecond: 'us',
  ns: 'ns', nano: 'ns', nanosecond: 'ns',
};

export interface EpochConfig {
  readonly fields: readonly Field[];
  readonly unit: TimeUnit;
  readonly ignoreMissing: boolean;
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
/** chrono's DateTime range (years -262143 .. 262142), which GreptimeDB's epoch processor checks. */
const MAX_ABS_NS = 8_210_266_876_799n * 1_000_000_000n;
const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The integer count of an epoch value: integers, integer strings, floats (truncated, as GreptimeDB's `as i64`). */
function countOf(value: Value, field: Field): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new ProcessorError('epoch', field.input, `expected a finite number, got ${value}`);
    return BigInt(Math.trunc(value));
  }
  if (typeof value === 'string') {
    const t = value.trim();
    if (INTEGER.test(t)) return BigInt(t);
    const n = DECIMAL.test(t) ? Number(t) : NaN;
    if (Number.isFinite(n)) return BigInt(Math.trunc(n));
    throw new ProcessorError('epoch', field.input, `'${value}' is not an integer epoch`);
  }
  throw new ProcessorError('epoch', field.input, `expected an integer, a float or a numeric string, got ${kindOf(value)}`);
}

/** `epoch`: turns a count of seconds/ms/us/ns since 1970 into a Timestamp of that unit (default ms). */
export const epochProcessor = defineProcessor<EpochConfig>({
  kind: 'epoch',
  parse(cfg) {
    const fields = readFields(cfg);
    const res = cfg.optString('resolution');
    const unit = res === undefined ? 'ms' : RESOLUTIONS[res];
    if (unit === undefined) {
      throw cfg.error('resolution', `unknown resolution '${res}' (use s|sec|second, ms|milli|millisecond, us|micro|microsecond, ns|nano|nanosecond)`);
    }
    const config: EpochConfig = { fields, unit, ignoreMissing: cfg.bool('ignore_missing', false) };
    cfg.done();
    return config;
  },
  compile(config) {
    const scale = nsPerUnit(config.unit);
    const unit = config.unit;
    const convert = (value: Value, field: Field): Value => {
      if (value instanceof Timestamp) return value;
      const count = countOf(value, field);
      const ns = count * scale;
      if (count < I64_MIN || count > I64_MAX || ns > MAX_ABS_NS || ns < -MAX_ABS_NS) {
        throw new ProcessorError('epoch', field.input, `epoch ${String(value)} is out of range for resolution '${unit}'`);
      }
      return new Timestamp(ns, unit);
    };
    return {
      kind: 'epoch',
      exec(doc) {
        forEachField(doc, 'epoch', config.fields, config.ignoreMissing, convert);
        return doc;
      },
    };
  },
});
