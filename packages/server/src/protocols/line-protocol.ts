import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { SeriesCache } from './line-protocol-series.js';
import { parseScalar, quickNumber, quickTimestamp, quickValue, scalarType, scalarValue, smallInt } from './line-protocol-numbers.js';

/**
 * InfluxDB line protocol, decoded without HTTP:
 * `measurement[,tag=value...] field=value[,field=value...] [timestamp]`, one point per line.
 *
 * Escapes follow InfluxDB 1.x: in the measurement `\,` and `\ `; in tag keys, tag values and field
 * keys `\,`, `\=` and `\ `; any other backslash is kept literally. String field values are
 * double-quoted with `\"` and `\\` escapes and may span lines. Field values: floats (`1`, `-1.5e3`),
 * integers `1i`, unsigned `1u`, booleans `t T true True TRUE f F false False FALSE`, strings.
 * Blank lines and `#` comments are skipped; leading whitespace is ignored (the `influx` CLI sends it).
 */

export type LpFieldType = 'float' | 'integer' | 'unsigned' | 'string' | 'boolean';
export type LpFieldValue = number | bigint | string | boolean;

export interface LpLine {
  readonly measurement: string;
  /** Tag keys and values, alternating: `[k0, v0, k1, v1, ...]`, in the order written. */
  readonly tags: readonly string[];
  readonly fieldKeys: readonly string[];
  readonly fieldTypes: readonly LpFieldType[];
  readonly fieldValues: readonly LpFieldValue[];
  /** As written, in the request's precision; undefined when the line has none. */
  readonly timestamp: bigint | undefined;
  /** 1-based line number in the body. */
  readonly lineNumber: number;
}

/** A line that does not parse: InfluxDB's message `unable to parse '<line>': <reason>`, plus where. */
export class LineProtocolError extends SluiceError {
  override name = 'LineProtocolError';
  constructor(
    readonly line: string,
    readonly lineNumber: number,
    readonly column: number,
    readonly reason: string,
  ) {
    // InfluxDB echoes the line; a long one (a 10 MB line) is cut so the answer stays small.
    const shown = line.length <= 1024 ? line : `${line.slice(0, 1024)}… (${(line.length - 1024).toLocaleString('en-US')} more characters)`;
    super(StatusCode.InvalidArguments, `unable to parse '${shown}': ${reason} (line ${lineNumber}, column ${column})`);
  }
}

const NL = 10, CR = 13, SP = 32, TAB = 9, HASH = 35, COMMA = 44, EQ = 61, BSL = 92, QUOTE = 34;
const INT64_MAX = 9223372036854775807n, INT64_MIN = -9223372036854775808n;
const INT_RE = /^[-+]?\d+$/;

class Cursor {
  pos = 0;
  lineStart = 0;
  lineNumber = 1;
  /** Set when a quoted string of the current line contained a newline. */
  spanned = false;
  /** The last timestamp read as a small integer, and its bigint (see scanLine). */
  lastSmall = NaN;
  lastBig = 0n;
  constructor(readonly text: string) {}

  fail(reason: string, at = this.pos): never {
    let end = this.text.indexOf('\n', this.lineStart);
    if (end < 0) end = this.text.length;
    let line = this.text.slice(this.lineStart, end);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    throw new LineProtocolError(line.trimStart(), this.lineNumber, at - this.lineStart + 1, reason);
  }
}

/**
 * `readName` for the k-th name of a line (measurement 0, then tag keys, tag values and field keys):
 * when the previous line had the same name there (the usual case: lines of a measurement repeat
 * their keys) the text is compared in place and the previous string returned, so no string is made.
 * A remembered name holds no character that needs escaping, so matching it in place is exact.
 */
function readNameAt(cur: Cursor, escapeEq: boolean, names: string[], k: number): string {
  const prev = names[k];
  const { text } = cur;
  if (prev !== undefined && sameAt(text, cur.pos, prev)) {
    const end = cur.pos + prev.length;
    const c = end < text.length ? text.charCodeAt(end) : NL;
    if (c === COMMA || c === SP || c === NL || c === CR || c === TAB || (escapeEq && c === EQ)) {
      cur.pos = end;
      return prev;
    }
  }
  const start = cur.pos;
  const name = readName(cur, escapeEq);
  // Remembered only when written without escapes and holding no stop or backslash character.
  if (cur.pos - start === name.length && name.indexOf('\\') < 0) names[k] = name;
  return name;
}

/** Whether `text` holds `s` at `pos` (a loop: `startsWith` at a position costs several times more in V8). */
function sameAt(text: string, pos: number, s: string): boolean {
  if (pos + s.length > text.length) return false;
  for (let q = 0; q < s.length; q++) if (text.charCodeAt(pos + q) !== s.charCodeAt(q)) return false;
  return true;
}

/** Reads a name up to an unescaped stop character; `escapeEq` also treats `\=` as an escape and `=` as a stop. */
function readName(cur: Cursor, escapeEq: boolean): string {
  const { text } = cur;
  const start = cur.pos;
  let escaped = false;
  let i = start;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BSL && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d === COMMA || d === SP || (escapeEq && d === EQ)) {
        escaped = true;
        i++;
        continue;
      }
      continue;
    }
    if (c === COMMA || c === SP || c === NL || c === CR || c === TAB || (escapeEq && c === EQ)) break;
  }
  cur.pos = i;
  const raw = text.slice(start, i);
  if (!escaped) return raw;
  return escapeEq ? raw.replace(/\\([, =])/g, '$1') : raw.replace(/\\([, ])/g, '$1');
}

function readStringValue(cur: Cursor): string {
  const { text } = cur;
  const open = cur.pos;
  let i = open + 1;
  let escaped = false;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BSL && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d === QUOTE || d === BSL) {
        escaped = true;
        i++;
      }
      continue;
    }
    if (c === QUOTE) break;
  }
  if (i >= text.length) cur.fail('unbalanced quotes', open);
  const raw = text.slice(open + 1, i);
  // A string spanning lines: keep line numbers true (counted once the line is done).
  if (raw.indexOf('\n') >= 0) cur.spanned = true;
  cur.pos = i + 1;
  return escaped ? raw.replace(/\\(["\\])/g, '$1') : raw;
}

function skipBlanks(cur: Cursor): void {
  const { text } = cur;
  while (cur.pos < text.length) {
    const c = text.charCodeAt(cur.pos);
    if (c !== SP && c !== TAB) break;
    cur.pos++;
  }
}

function atLineEnd(cur: Cursor): boolean {
  if (cur.pos >= cur.text.length) return true;
  const c = cur.text.charCodeAt(cur.pos);
  return c === NL || c === CR;
}

/**
 * Receives the points of a body as they are scanned (no per-line objects): `begin`, then `tag` and
 * `field` calls in the order written, then `end`. A bad line throws after earlier calls were made,
 * so a sink must discard what it collected when the scan throws.
 */
export interface LpSink {
  begin(measurement: string, lineNumber: number): void;
  tag(key: string, value: string): void;
  field(key: string, type: LpFieldType, value: LpFieldValue): void;
  /** `timestamp` as written, in the request's precision; undefined when the line has none. */
  end(timestamp: bigint | undefined): void;
}

/** The measurement and tags of a line, handed to the sink; returns how many names it read (for the `names` cache). */
function scanSeries(cur: Cursor, sink: LpSink, tagKeys: string[], names: string[], series: SeriesCache): number {
  const { text } = cur;
  const start = cur.pos;
  let keyEnd = -1;
  let keyText = '';
  if (series.on) {
    // Lines mostly come in the same order of series as before (one gather after another): the series
    // that followed the last line's series last time, if this line starts with its key and a space (a
    // key holds no space, so that space ends this line's key too).
    let hit = series.prev?.next;
    if (hit !== undefined && text.charCodeAt(start + hit.key.length) === SP && sameAt(text, start, hit.key)) keyEnd = start + hit.key.length;
    else {
      hit = undefined;
      keyEnd = series.keyEnd(text, start);
      if (keyEnd >= 0) hit = series.byKey.get((keyText = text.slice(start, keyEnd)));
    }
    if (hit !== undefined) {
      series.hits++;
      series.follow(hit);
      sink.begin(hit.measurement, cur.lineNumber);
      const tags = hit.tags;
      for (let i = 0; i < tags.length; i += 2) sink.tag(tags[i]!, tags[i + 1]!);
      cur.pos = keyEnd;
      return 1 + tags.length;
    }
  }
  let k = 0;
  const measurement = readNameAt(cur, false, names, k++);
  if (measurement === '') cur.fail('missing measurement');
  sink.begin(measurement, cur.lineNumber);
  tagKeys.length = 0;
  // The tags, kept for the series cache when it may take this key.
  const tags: string[] | undefined = keyEnd >= 0 ? [] : undefined;
  while (text.charCodeAt(cur.pos) === COMMA) {
    cur.pos++;
    const keyAt = cur.pos;
    const key = readNameAt(cur, true, names, k++);
    if (key === '') cur.fail('missing tag key', keyAt);
    if (text.charCodeAt(cur.pos) !== EQ) cur.fail('missing tag value');
    cur.pos++;
    const value = readNameAt(cur, true, names, k++);
    if (value === '') cur.fail('missing tag value');
    for (let k = 0; k < tagKeys.length; k++) if (tagKeys[k] === key) cur.fail('duplicate tags', keyAt);
    tagKeys.push(key);
    tags?.push(key, value);
    sink.tag(key, value);
  }
  if (cur.pos === keyEnd) series.add(keyText, measurement, tags!);
  else series.prev = undefined;
  return k;
}

function scanLine(cur: Cursor, sink: LpSink, tagKeys: string[], names: string[], series: SeriesCache): void {
  const { text } = cur;
  let k = scanSeries(cur, sink, tagKeys, names, series);
  if (text.charCodeAt(cur.pos) !== SP && text.charCodeAt(cur.pos) !== TAB) cur.fail('missing fields');
  skipBlanks(cur);
  if (atLineEnd(cur)) cur.fail('missing fields');
  for (;;) {
    const keyAt = cur.pos;
    const key = readNameAt(cur, true, names, k++);
    if (key === '') cur.fail('missing field key', keyAt);
    if (text.charCodeAt(cur.pos) !== EQ) cur.fail('invalid field format', keyAt);
    cur.pos++;
    const valueAt = cur.pos;
    if (text.charCodeAt(valueAt) === QUOTE) {
      sink.field(key, 'string', readStringValue(cur));
    } else {
      let i = quickNumber(text, valueAt);
      if (i < 0) {
        for (i = valueAt; i < text.length; i++) {
          const c = text.charCodeAt(i);
          if (c === COMMA || c === SP || c === TAB || c === NL || c === CR) break;
        }
        if (i === valueAt) cur.fail('missing field value', valueAt);
        const bad = parseScalar(text, valueAt, i);
        if (bad !== undefined) cur.fail(bad, valueAt);
      }
      cur.pos = i;
      sink.field(key, scalarType, scalarValue);
    }
    if (text.charCodeAt(cur.pos) !== COMMA) break;
    cur.pos++;
    if (atLineEnd(cur) || text.charCodeAt(cur.pos) === SP) cur.fail('invalid field format');
  }
  let timestamp: bigint | undefined;
  skipBlanks(cur);
  if (!atLineEnd(cur)) {
    const tsAt = cur.pos;
    let i = quickTimestamp(text, tsAt);
    let small: number | undefined = quickValue;
    if (i < 0) {
      for (i = tsAt; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === SP || c === TAB || c === NL || c === CR) break;
      }
      small = smallInt(text, tsAt, i);
    }
    if (small !== undefined) {
      // Lines of a batch mostly share their timestamp: one bigint for a run of equal ones.
      if (small !== cur.lastSmall) {
        cur.lastSmall = small;
        cur.lastBig = BigInt(small);
      }
      timestamp = cur.lastBig;
    } else {
      const token = text.slice(tsAt, i);
      if (!INT_RE.test(token)) cur.fail('bad timestamp', tsAt);
      timestamp = BigInt(token);
      if (timestamp > INT64_MAX || timestamp < INT64_MIN) cur.fail('bad timestamp: value out of range', tsAt);
    }
    cur.pos = i;
    skipBlanks(cur);
    if (!atLineEnd(cur)) cur.fail('point is invalid');
  }
  sink.end(timestamp);
}

/** Scans every point of a body into `sink`; the first bad line throws LineProtocolError. */
export function scanLineProtocol(text: string, sink: LpSink): void {
  const cur = new Cursor(text);
  const tagKeys: string[] = [];
  const names: string[] = [];
  const series = new SeriesCache();
  const n = text.length;
  while (cur.pos < n) {
    const c = text.charCodeAt(cur.pos);
    if (c === NL) {
      cur.pos++;
      cur.lineNumber++;
      cur.lineStart = cur.pos;
      continue;
    }
    if (c === SP || c === TAB || c === CR) {
      cur.pos++;
      continue;
    }
    if (c === HASH) {
      const e = text.indexOf('\n', cur.pos);
      cur.pos = e < 0 ? n : e;
      continue;
    }
    const before = cur.pos;
    cur.spanned = false;
    scanLine(cur, sink, tagKeys, names, series);
    // A quoted string spanned lines: keep line numbers true.
    if (cur.spanned) for (let i = before; i < cur.pos; i++) if (text.charCodeAt(i) === NL) cur.lineNumber++;
  }
}

/** Every point of a body as objects (tests, tools); the first bad line throws LineProtocolError. */
export function parseLineProtocol(text: string): LpLine[] {
  const out: LpLine[] = [];
  let cur: { measurement: string; lineNumber: number; tags: string[]; fieldKeys: string[]; fieldTypes: LpFieldType[]; fieldValues: LpFieldValue[] };
  scanLineProtocol(text, {
    begin(measurement, lineNumber) {
      cur = { measurement, lineNumber, tags: [], fieldKeys: [], fieldTypes: [], fieldValues: [] };
    },
    tag(k, v) {
      cur.tags.push(k, v);
    },
    field(k, t, v) {
      cur.fieldKeys.push(k);
      cur.fieldTypes.push(t);
      cur.fieldValues.push(v);
    },
    end(timestamp) {
      out.push({ ...cur, timestamp });
    },
  });
  return out;
}
