import { SluiceError, StatusCode } from '@sluice/pipeline-core';

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
const INT64_MAX = 9223372036854775807n, INT64_MIN = -9223372036854775808n, UINT64_MAX = 18446744073709551615n;
const INT_RE = /^[-+]?\d+$/;
const UINT_RE = /^\d+$/;
const BOOLS: Record<string, boolean> = { t: true, T: true, true: true, True: true, TRUE: true, f: false, F: false, false: false, False: false, FALSE: false };

class Cursor {
  pos = 0;
  lineStart = 0;
  lineNumber = 1;
  /** Set when a quoted string of the current line contained a newline. */
  spanned = false;
  /** The last timestamp read as a small integer, and its bigint (see scanLine). */
  lastSmall = NaN;
  lastBig = 0n;
  /** The first space at or after the last position searched from (-1: none): see SeriesCache.keyEnd. */
  nextSp = -2;
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

/** The last scalar parsed (out-parameters keep the hot path free of per-field objects). */
let scalarType: LpFieldType = 'float';
let scalarValue: LpFieldValue = 0;

/** Digits only (optionally signed): their value as a number when it is exact, else undefined. */
function smallInt(text: string, from: number, to: number): number | undefined {
  let i = from;
  let neg = false;
  const c0 = text.charCodeAt(i);
  if (c0 === 45 || c0 === 43) {
    neg = c0 === 45;
    i++;
  }
  if (i >= to || to - i > 15) return undefined;
  let v = 0;
  for (; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return undefined;
    v = v * 10 + d;
  }
  return neg ? -v : v;
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * `[-]digits[.digits]` with at most 15 digits in all, as a number without making a string: the digits
 * as an integer (exact below 2^53) divided by a power of ten (exact up to 1e22) is one correctly
 * rounded division, the same double `Number(text)` gives. Undefined for anything else (the caller
 * then checks the syntax and parses the text).
 */
function shortDecimal(text: string, from: number, to: number): number | undefined {
  let i = from;
  const neg = text.charCodeAt(i) === 45;
  if (neg) i++;
  let v = 0;
  let digits = 0;
  let scale = -1;
  for (; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) {
      if (scale >= 0) return undefined;
      scale = 0;
      continue;
    }
    const d = c - 48;
    if (d < 0 || d > 9) return undefined;
    v = v * 10 + d;
    digits++;
    if (scale >= 0) scale++;
  }
  if (digits === 0 || digits > 15) return undefined;
  if (scale > 0) v /= POW10[scale]!;
  return neg ? -v : v;
}

/** InfluxDB's float syntax: `[-+]digits[.digits][e[-+]digits]` (or `.5`); no NaN, Inf or hex. */
function isFloatSyntax(text: string, from: number, to: number): boolean {
  let i = from;
  let c = text.charCodeAt(i);
  if (c === 45 || c === 43) c = text.charCodeAt(++i);
  let digits = 0;
  while (i < to && (c = text.charCodeAt(i)) >= 48 && c <= 57) i++, digits++;
  if (i < to && text.charCodeAt(i) === 46) {
    i++;
    while (i < to && (c = text.charCodeAt(i)) >= 48 && c <= 57) i++, digits++;
  }
  if (digits === 0) return false;
  if (i < to && ((c = text.charCodeAt(i)) === 101 || c === 69)) {
    i++;
    if (i < to && ((c = text.charCodeAt(i)) === 45 || c === 43)) i++;
    let exp = 0;
    while (i < to && (c = text.charCodeAt(i)) >= 48 && c <= 57) i++, exp++;
    if (exp === 0) return false;
  }
  return i === to;
}

function parseScalar(cur: Cursor, from: number, to: number): void {
  const { text } = cur;
  const last = text.charCodeAt(to - 1);
  if ((last === 105 /* i */ || last === 117 /* u */) && to - from > 1) {
    const unsigned = last === 117;
    scalarType = unsigned ? 'unsigned' : 'integer';
    const small = smallInt(text, from, to - 1);
    if (small !== undefined && (!unsigned || (small >= 0 && text.charCodeAt(from) !== 45))) {
      scalarValue = small;
      return;
    }
    const digits = text.slice(from, to - 1);
    if (!(unsigned ? UINT_RE : INT_RE).test(digits)) cur.fail('invalid number', from);
    const big = BigInt(digits);
    if (unsigned ? big > UINT64_MAX : big > INT64_MAX || big < INT64_MIN) {
      cur.fail(`unable to parse ${unsigned ? 'unsigned' : 'integer'} ${digits}: value out of range`, from);
    }
    scalarValue = Number.isSafeInteger(Number(big)) ? Number(big) : big;
    return;
  }
  const first = text.charCodeAt(from);
  const numeric = (first >= 48 && first <= 57) || first === 45 || first === 46 || first === 43;
  if (!numeric) {
    const b = BOOLS[text.slice(from, to)];
    if (b === undefined) cur.fail(/^(nan|[+-]?inf)/i.test(text.slice(from, to)) ? 'invalid number' : 'invalid boolean', from);
    scalarType = 'boolean';
    scalarValue = b;
    return;
  }
  scalarType = 'float';
  const quick = shortDecimal(text, from, to);
  if (quick !== undefined) {
    scalarValue = quick;
    return;
  }
  if (!isFloatSyntax(text, from, to)) cur.fail('invalid number', from);
  scalarValue = Number(text.slice(from, to));
}

/** Set by quickNumber and quickTimestamp: the value they read. */
let quickValue = 0;

/**
 * One pass over the usual field values: `[-]digits[.digits]` (a float, at most 15 digits: shortDecimal's
 * double) or `[-]digits` + `i` / `digits` + `u` (at most 15 digits), followed by the end of the value.
 * Sets scalarType and scalarValue as parseScalar would and returns where the value ends; -1 for
 * anything else (then parseScalar decides, with its errors).
 */
function quickNumber(text: string, from: number): number {
  let i = from;
  let c = text.charCodeAt(i);
  const neg = c === 45;
  if (neg) c = text.charCodeAt(++i);
  let v = 0;
  let digits = 0;
  let scale = -1;
  for (;;) {
    const d = c - 48;
    if (d >= 0 && d <= 9) {
      v = v * 10 + d;
      digits++;
      if (scale >= 0) scale++;
    } else if (c === 46 && scale < 0) scale = 0;
    else break;
    c = text.charCodeAt(++i);
  }
  if (digits === 0 || digits > 15) return -1;
  let type: LpFieldType = 'float';
  if (c === 105 /* i */ || c === 117 /* u */) {
    if (scale >= 0 || (neg && c === 117)) return -1;
    type = c === 105 ? 'integer' : 'unsigned';
    c = text.charCodeAt(++i);
  }
  if (!(c === COMMA || c === SP || c === NL || c === TAB || c === CR || i >= text.length)) return -1;
  if (scale > 0) v /= POW10[scale]!;
  scalarType = type;
  scalarValue = neg ? -v : v;
  return i;
}

/** One pass over the usual timestamp, `[-+]digits` (at most 15) then a blank or the line's end: sets quickValue; -1 for anything else. */
function quickTimestamp(text: string, from: number): number {
  let i = from;
  let c = text.charCodeAt(i);
  const neg = c === 45;
  if (neg || c === 43) c = text.charCodeAt(++i);
  const first = i;
  let v = 0;
  for (let d = c - 48; d >= 0 && d <= 9; d = c - 48) {
    v = v * 10 + d;
    c = text.charCodeAt(++i);
  }
  if (i === first || i - first > 15) return -1;
  if (!(c === SP || c === NL || c === TAB || c === CR || i >= text.length)) return -1;
  quickValue = neg ? -v : v;
  return i;
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

/** The measurement and tags (`[k0, v0, k1, v1, ...]`) a series key's first line gave. */
interface SeriesEntry {
  /** The key's text, which holds no space (see SeriesCache). */
  readonly key: string;
  readonly measurement: string;
  readonly tags: readonly string[];
  /** The series of the line that followed this series' last line (the guess for the next time). */
  next: SeriesEntry | undefined;
}

/** Series keys remembered per body, at most. */
const SERIES_CACHE_MAX = 65_536;

/**
 * The series of a body by the text of their key: a line whose key text was seen before has the same
 * measurement and tags, so they are not read again and the sink gets the same strings (no string is
 * made for the line's key or tags, and the store groups rows by series with equal, already hashed
 * values). A line's candidate key is its text up to the first space (found natively, `indexOf`),
 * looked up in a Map by that slice (hashed and compared natively). Only a key read in full that ended
 * at that space is remembered, so a remembered key holds no tab, line end or escaped space, and a
 * candidate equal to one reads the same. Off once misses outnumber hits (bodies of mostly distinct series).
 */
class SeriesCache {
  readonly byKey = new Map<string, SeriesEntry>();
  /** The series of the line before (undefined when that line's key was not remembered). */
  prev: SeriesEntry | undefined = undefined;
  hits = 0;
  misses = 0;
  on = true;

  /**
   * Where the candidate key of a line starting at `from` ends: its first space, or -1 when there is
   * none. Searches on from the last space found, so a body is searched once in all.
   */
  keyEnd(cur: Cursor, from: number): number {
    let sp = cur.nextSp;
    if (sp !== -1 && sp < from) sp = cur.nextSp = cur.text.indexOf(' ', from);
    return sp <= from ? -1 : sp;
  }

  /** Takes `e` as the series of the current line: it becomes the guess after the line before's series. */
  follow(e: SeriesEntry | undefined): void {
    if (this.prev !== undefined) this.prev.next = e;
    this.prev = e;
  }

  add(key: string, measurement: string, tags: readonly string[]): void {
    this.misses++;
    const e: SeriesEntry = { key, measurement, tags, next: undefined };
    if (this.byKey.size < SERIES_CACHE_MAX) this.byKey.set(key, e);
    this.follow(e);
    if (this.misses > 1024 && this.misses > this.hits) {
      this.on = false;
      this.byKey.clear();
      this.prev = undefined;
    }
  }
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
      keyEnd = series.keyEnd(cur, start);
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
        parseScalar(cur, valueAt, i);
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
