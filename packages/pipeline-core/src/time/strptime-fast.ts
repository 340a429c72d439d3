import { Timestamp } from '../value/timestamp.js';
import { daysFromCivil, daysInMonth } from './civil.js';
import { isWhitespace, scanName, type PreparedNames } from './scan.js';
import { F, NAME, OFFSET_MODE, OP, type Op } from './strptime-ops.js';
import { LOCAL_AMBIGUOUS, LOCAL_GAP, type TimeZone } from './zone.js';

/** Parses text of the one exact shape it was compiled for, or returns undefined (then the general scanner decides). */
export type FastStrptime = (text: string) => Timestamp | undefined;

const MIN_SEC = -9_223_372_036; // the i64 nanosecond range (1677-09-21 .. 2262-04-11)
const MAX_SEC = 9_223_372_036;
const NS = 1_000_000_000n;

/** Fast-path slots: the fields a fixed-width format gives, each exactly once. */
const YEAR = 0, MONTH = 1, DAY = 2, HOUR = 3, MINUTE = 4, SECOND = 5;
const SLOT_OF: Record<number, number> = { [F.year]: YEAR, [F.month]: MONTH, [F.day]: DAY, [F.hour]: HOUR, [F.minute]: MINUTE, [F.second]: SECOND };
const WIDTH = [4, 2, 2, 2, 2, 2];
/** Largest value each slot takes on the fast path (anything else goes to the general scanner and its errors). */
const MAX = [9999, 12, 31, 23, 59, 59];

/**
 * A compiled fast path for the usual log formats (`%d/%b/%Y:%H:%M:%S %z`, `%Y-%m-%d %H:%M:%S`, ...):
 * formats made only of literals, single spaces, zero-padded `%Y %m %d %H %M %S` (each at most once),
 * English `%b` and `%z` give every field a fixed position, so a matching text is read by position
 * with no scanning state. It accepts only texts the general scanner reads the same way (exact
 * digits, no signs, one space where the format has whitespace, `+hhmm` offsets, in-range values)
 * and returns the same instant; any other text returns undefined and the general scanner parses it
 * (or reports the error). Returns undefined when the format is not of this kind.
 */
export function compileFastStrptime(ops: readonly Op[], names: PreparedNames, zone: TimeZone): FastStrptime | undefined {
  const litPos: number[] = [];
  const litCode: number[] = [];
  const fieldPos = [-1, -1, -1, -1, -1, -1];
  let monthName = -1;
  let offset = -1;
  let pos = 0;
  for (const op of ops) {
    switch (op.k) {
      case OP.LIT:
        for (let j = 0; j < op.text.length; j++) {
          const c = op.text.charCodeAt(j);
          if (isWhitespace(c)) return undefined;
          litPos.push(pos++);
          litCode.push(c);
        }
        break;
      case OP.SPACE:
        litPos.push(pos++);
        litCode.push(32);
        break;
      case OP.NUM: {
        const slot = SLOT_OF[op.field];
        if (slot === undefined || fieldPos[slot] !== -1 || (slot === MONTH && monthName !== -1)) return undefined;
        fieldPos[slot] = pos;
        pos += WIDTH[slot]!;
        break;
      }
      case OP.NAME:
        if (op.field !== NAME.MON_SHORT || !names.names.english || monthName !== -1 || fieldPos[MONTH] !== -1) return undefined;
        monthName = pos;
        pos += 3;
        break;
      case OP.OFFSET:
        if (op.width !== OFFSET_MODE.STRICT || offset !== -1) return undefined;
        offset = pos;
        pos += 5;
        break;
      default:
        return undefined;
    }
  }
  if (fieldPos[YEAR] === -1 || fieldPos[DAY] === -1 || fieldPos[HOUR] === -1 || fieldPos[MINUTE] === -1) return undefined;
  if (fieldPos[MONTH] === -1 && monthName === -1) return undefined;
  const length = pos;
  const lits = litPos.length;
  const v = [0, 0, 0, 0, 0, 0];
  return (s) => {
    if (s.length !== length) return undefined;
    for (let k = 0; k < lits; k++) if (s.charCodeAt(litPos[k]!) !== litCode[k]) return undefined;
    for (let f = 0; f < 6; f++) {
      const at = fieldPos[f]!;
      if (at < 0) {
        v[f] = f === MONTH ? -1 : 0; // seconds default to 0, as in the general resolver
        continue;
      }
      let n = 0;
      for (let j = at, end = at + WIDTH[f]!; j < end; j++) {
        const d = s.charCodeAt(j) - 48;
        if (d < 0 || d > 9) return undefined;
        n = n * 10 + d;
      }
      if (n > MAX[f]!) return undefined;
      v[f] = n;
    }
    if (monthName >= 0) {
      const hit = scanName(s, monthName, names, NAME.MON_SHORT);
      if (hit < 0 || (hit - (hit % 256)) / 256 !== monthName + 3) return undefined;
      v[MONTH] = hit % 256;
    }
    const year = v[YEAR]!, month = v[MONTH]!, day = v[DAY]!;
    if (month < 1 || day < 1 || day > daysInMonth(year, month)) return undefined;
    const local = daysFromCivil(year, month, day) * 86400 + v[HOUR]! * 3600 + v[MINUTE]! * 60 + v[SECOND]!;
    let off: number;
    if (offset >= 0) {
      const sign = s.charCodeAt(offset);
      if (sign !== 43 && sign !== 45) return undefined;
      let hhmm = 0;
      for (let j = offset + 1; j < offset + 5; j++) {
        const d = s.charCodeAt(j) - 48;
        if (d < 0 || d > 9) return undefined;
        hhmm = hhmm * 10 + d;
      }
      const minutes = hhmm % 100;
      if (minutes > 59) return undefined;
      const sec = ((hhmm - minutes) / 100) * 3600 + minutes * 60;
      if (sec >= 86400) return undefined;
      off = sign === 45 ? -sec : sec;
    } else {
      off = zone.offsetForLocal(local * 1000);
      if (off === LOCAL_GAP || off === LOCAL_AMBIGUOUS) return undefined;
    }
    const sec = local - off;
    if (sec < MIN_SEC || sec > MAX_SEC) return undefined;
    return new Timestamp(BigInt(sec) * NS, 'ns');
  };
}
