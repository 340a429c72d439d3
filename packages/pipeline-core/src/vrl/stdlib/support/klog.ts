import { Timestamp } from '../../../value/timestamp.js';
import type { VrlValue } from '../../value.js';
import { VrlFunctionError } from '../function.js';
import type { VrlObject } from './kind.js';

const LEVELS: Readonly<Record<string, string>> = { I: 'info', W: 'warning', E: 'error', F: 'fatal' };

/** klog (`I0505 17:59:40.692994 28133 file.go:70] msg`, no year) and glog (`I20210131 ...`, with year). */
const KLOG = /^([IWEF])(\d{4})?(\d{2})(\d{2})\s+(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?\s+(\d+)\s+([^:\s]+):(\d+)\]\s?([\s\S]*)$/;

export function parseGoLog(line: string, withYear: boolean, now: Timestamp, what: string): VrlObject {
  const m = KLOG.exec(line);
  if (!m || (m[2] !== undefined) !== withYear) throw new VrlFunctionError(`failed parsing ${what} log line`);
  const year = withYear ? Number(m[2]) : new Date(now.toMillis()).getUTCFullYear();
  const [mo, d, h, mi, s] = [m[3], m[4], m[5], m[6], m[7]].map(Number) as [number, number, number, number, number];
  const ms = Date.UTC(year, mo - 1, d, h, mi, s);
  const check = new Date(ms);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 60) {
    throw new VrlFunctionError(`failed parsing ${what} log line: invalid date or time`);
  }
  const frac = BigInt((m[8] ?? '').padEnd(9, '0'));
  const out: { [k: string]: VrlValue } = {
    level: LEVELS[m[1]!]!,
    timestamp: new Timestamp(BigInt(ms) * 1_000_000n + frac),
    id: Number(m[9]),
    file: m[10]!,
    line: Number(m[11]),
    message: m[12]!,
  };
  return out;
}
