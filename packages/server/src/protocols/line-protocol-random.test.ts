import { describe, expect, it } from 'vitest';
import { LineProtocolError, parseLineProtocol, type LpLine } from './line-protocol.js';

/**
 * Random bodies against two references: each line parsed alone (no series key seen before, so the
 * series cache and its guess of the next series never answer) and an independent reading of every field value and timestamp from
 * InfluxDB's grammar (so the one-pass number readers are checked against the spec, not themselves).
 */

let seed = 12345;
const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const MEASUREMENTS = ['cpu', 'mem', 'm\\,x', 'm\\ y', 'a=b', 'é', 'm\\\\', 'cpu\\'];
const TAG_KEYS = ['host', 'region', 't\\=k', 't\\ k', 'h', 'ü'];
const TAG_VALUES = ['a', 'host-1', 'b\\,c', 'd\\ e', 'ü', 'x\\=y', 'r1', 'a\\'];
const FIELD_KEYS = ['v', 'usage_user', 'n', 's', 'b', 'f\\ k', 'f\\,k', 'f\\=k'];
const VALUES = [
  '0', '-0', '1.', '.5', '-.5', '1e3', '-1.5E-3', '+1', '+1.5', '1.2.3', '12345678901234567', '123456789012345', '1234567890123456', '0.1', '99999999999999.9', '-', '.', 'e5',
  '5i', '-5i', '+5i', '-0i', '0i', '1.5i', '99999999999999999999i', '9223372036854775807i', '-9223372036854775808i', '9223372036854775808i', '123456789012345i', '1234567890123456i', 'i',
  '5u', '-5u', '0u', '-0u', '18446744073709551615u', '18446744073709551616u', '+5u', 'u',
  't', 'T', 'true', 'True', 'TRUE', 'f', 'false', 'FALSE', 'tRUE', 'nan', 'NaN', 'inf', '-Inf', 'abc', '',
  '"x"', '"a\\"b"', '"multi\nline"', '"a,b c=d"', '"\\\\"', '"é ü"', '"unclosed',
];
const TIMESTAMPS = ['', '', '', ' 1700000000000', ' 5', ' -5', ' +5', ' -0', ' 0', ' 123456789012345', ' 1234567890123456', ' 1700000000000000000', ' 9223372036854775807', ' 9223372036854775808', ' -9223372036854775809', ' abc', ' 1.5', ' 5 ', ' 5 x', '\t7'];

function randomLine(): string {
  if (rand() < 0.03) return pick(['', '# comment', '   ', 'cpu', 'cpu,host=a', 'cpu v=1,', 'cpu,host=a,host=b v=1', ',host=a v=1']);
  let line = pick(MEASUREMENTS);
  const tags = Math.floor(rand() * 4);
  for (let i = 0; i < tags; i++) line += `,${pick(TAG_KEYS)}=${pick(TAG_VALUES)}`;
  line += rand() < 0.95 ? ' ' : pick(['  ', '\t']);
  const fields = 1 + Math.floor(rand() * 4);
  // (No unclosed quote: in a body it would run on into the next lines.)
  const values = VALUES.filter((v) => v !== '"unclosed');
  for (let i = 0; i < fields; i++) line += `${i > 0 ? ',' : ''}${pick(FIELD_KEYS)}=${rand() < 0.6 ? String(Math.round(rand() * 1e6) / 1000) : pick(values)}`;
  return line + pick(TIMESTAMPS);
}

type Parsed = { ok: true; lines: LpLine[] } | { ok: false; message: string };
function parse(text: string): Parsed {
  try {
    return { ok: true, lines: parseLineProtocol(text) };
  } catch (e) {
    if (!(e instanceof LineProtocolError)) throw e;
    return { ok: false, message: e.message };
  }
}

const plain = (l: LpLine) => ({ m: l.measurement, tags: l.tags, keys: l.fieldKeys, types: l.fieldTypes, values: l.fieldValues, ts: l.timestamp });

/** A field value as InfluxDB's grammar reads it (type and value), or undefined when it is not one. */
function expectedValue(text: string): [string, unknown] | undefined {
  if (/^[-+]?\d+i$/.test(text)) {
    const v = BigInt(text.slice(0, -1));
    if (v > 2n ** 63n - 1n || v < -(2n ** 63n)) return undefined;
    return ['integer', Number.isSafeInteger(Number(v)) ? Number(v) : v];
  }
  // A `+` before an unsigned value is taken when the value has at most 15 digits (as the parser always has).
  if (/^\d+u$/.test(text) || /^\+\d{1,15}u$/.test(text)) {
    const v = BigInt(text.slice(0, -1));
    if (v > 2n ** 64n - 1n) return undefined;
    return ['unsigned', Number.isSafeInteger(Number(v)) ? Number(v) : v];
  }
  if (['t', 'T', 'true', 'True', 'TRUE'].includes(text)) return ['boolean', true];
  if (['f', 'F', 'false', 'False', 'FALSE'].includes(text)) return ['boolean', false];
  if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return ['float', Number(text)];
  return undefined;
}

describe('line protocol on random bodies', () => {
  it('a body parses as its lines parsed one by one (series keys found by their text), the first bad line being the error', () => {
    for (let round = 0; round < 300; round++) {
      let lines = Array.from({ length: 1 + Math.floor(rand() * 40) }, randomLine);
      if (round % 2 === 0) {
        // Repeat some lines so the series cache answers.
        for (let i = 0; i < lines.length; i++) if (rand() < 0.5 && i > 0) lines[i] = lines[Math.floor(rand() * i)]!;
      } else {
        // The same lines again and again, now and then another line or one left out (the guess of the next series misses).
        const cycle = lines;
        lines = [];
        for (let c = 0; c < 4; c++) for (const l of cycle) if (rand() < 0.9) lines.push(rand() < 0.95 ? l : randomLine());
      }
      const whole = parse(lines.join('\n'));
      const alone: LpLine[] = [];
      let error: string | undefined;
      let lineNumber = 1;
      for (const l of lines) {
        const p = parse(l);
        if (!p.ok) {
          // The same message, at the body's line number.
          error = p.message.replace(/\(line (\d+), column/, (_, n: string) => `(line ${Number(n) + lineNumber - 1}, column`);
          break;
        }
        alone.push(...p.lines.map((x) => ({ ...x, lineNumber: x.lineNumber + lineNumber - 1 })));
        lineNumber += l.split('\n').length;
      }
      if (error !== undefined) expect(whole).toEqual({ ok: false, message: error });
      else {
        expect(whole.ok).toBe(true);
        if (whole.ok) {
          expect(whole.lines.map(plain)).toEqual(alone.map(plain));
          expect(whole.lines.map((l) => l.lineNumber)).toEqual(alone.map((l) => l.lineNumber));
        }
      }
    }
  });

  it('every field value and timestamp reads as the grammar says (numbers read in one pass included), or the line is refused', () => {
    const values = [...VALUES.filter((v) => !v.startsWith('"')), ...Array.from({ length: 3000 }, () => {
      const digits = String(Math.floor(rand() * 10 ** (1 + Math.floor(rand() * 17))));
      const dot = Math.floor(rand() * (digits.length + 1));
      const text = rand() < 0.5 ? `${digits.slice(0, dot)}.${digits.slice(dot)}` : digits;
      return (rand() < 0.3 ? '-' : '') + text + pick(['', '', '', 'i', 'u']);
    })];
    for (const [i, text] of values.entries()) {
      const ts = pick(TIMESTAMPS.filter((t) => !/\s\S+\s\S/.test(t)));
      const p = parse(`m v=${text}${ts}`);
      const want = expectedValue(text);
      const tsText = ts.trim();
      const wantTs = tsText === '' ? undefined : /^[-+]?\d+$/.test(tsText) && BigInt(tsText) <= 2n ** 63n - 1n && BigInt(tsText) >= -(2n ** 63n) ? BigInt(tsText) : null;
      if (want === undefined || wantTs === null) {
        expect(p.ok, `${i}: ${text}${ts}`).toBe(false);
        continue;
      }
      expect(p.ok, `${i}: ${text}${ts}`).toBe(true);
      if (!p.ok) continue;
      const [l] = p.lines;
      // (An integer `-0i` reads as the number -0, which any int64 column stores as 0.)
      expect([l!.fieldTypes[0], l!.fieldValues[0] === 0 ? 0 : l!.fieldValues[0]], text).toEqual([want[0], want[1] === 0 ? 0 : want[1]]);
      if (want[0] === 'float') expect(Object.is(l!.fieldValues[0], want[1]), `${text} keeps the sign of zero`).toBe(true);
      expect(l!.timestamp, ts).toBe(wantTs);
    }
  });
});
