import { parseRfc3339 } from '../../../time/rfc3339.js';
import { Timestamp } from '../../../value/timestamp.js';
import type { VrlValue } from '../../value.js';
import { VrlFunctionError } from '../function.js';
import type { VrlObject } from './kind.js';

const FACILITIES = [
  'kern', 'user', 'mail', 'daemon', 'auth', 'syslog', 'lpr', 'news', 'uucp', 'cron', 'authpriv', 'ftp', 'ntp', 'audit', 'alert', 'clockd',
  'local0', 'local1', 'local2', 'local3', 'local4', 'local5', 'local6', 'local7',
];
const SEVERITIES = ['emerg', 'alert', 'crit', 'err', 'warning', 'notice', 'info', 'debug'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const RFC5424 = /^(\d{1,2}) (\S+) (\S+) (\S+) (\S+) (\S+) ?([\s\S]*)$/;
/** `Mmm dd hh:mm:ss`, with an optional year before or after the time. */
const BSD_TIME = /^([A-Z][a-z]{2}) +(\d{1,2})(?: (\d{4}))? (\d{2}):(\d{2}):(\d{2})(?: (\d{4}))? +/;
const TAG = /^([^\s[\]:]+)(?:\[([^\]]*)\])?: ?([\s\S]*)$/;
/** A first word that is a tag: `app:` or `app[123]:`. */
const TAG_WORD = /^[^\s[\]:]+(?:\[[^\]]*\])?:$/;

function fail(): never {
  throw new VrlFunctionError('unable to parse input as valid syslog message');
}

function procId(v: string): VrlValue {
  return /^\d+$/.test(v) && v.length < 16 ? Number(v) : v;
}

function setIfPresent(out: VrlObject, key: string, v: string | undefined): void {
  if (v !== undefined && v !== '-' && v !== '') out[key] = key === 'procid' ? procId(v) : v;
}

/** RFC 5424 structured data: `[id k="v" ...][id2 ...]`, tolerant of spaces around `=`. Returns the rest. */
function structuredData(s: string, out: VrlObject): string {
  if (s.startsWith('-')) return s.slice(1);
  let i = 0;
  while (s[i] === '[') {
    let j = i + 1;
    while (j < s.length && s[j] !== ' ' && s[j] !== ']') j++;
    const id = s.slice(i + 1, j);
    const params: VrlObject = {};
    for (;;) {
      while (s[j] === ' ') j++;
      if (s[j] === ']') break;
      const eq = s.indexOf('=', j);
      if (eq < 0) fail();
      const name = s.slice(j, eq).trim();
      j = eq + 1;
      while (s[j] === ' ') j++;
      if (s[j] !== '"') fail();
      let v = '';
      for (j++; j < s.length && s[j] !== '"'; j++) {
        if (s[j] === '\\' && (s[j + 1] === '"' || s[j + 1] === '\\' || s[j + 1] === ']')) j++;
        v += s[j];
      }
      if (j >= s.length) fail();
      j++;
      params[name] = v;
    }
    out[id] = params;
    i = j + 1;
  }
  return s.slice(i);
}

function priority(s: string, out: VrlObject): string {
  const m = /^<(\d{1,3})>/.exec(s);
  if (!m) return s;
  const pri = Number(m[1]);
  if (pri > 191) fail();
  out['facility'] = FACILITIES[pri >> 3]!;
  out['severity'] = SEVERITIES[pri & 7]!;
  return s.slice(m[0].length);
}

function rfc5424(m: RegExpExecArray, out: VrlObject): VrlObject {
  out['version'] = Number(m[1]);
  if (m[2] !== '-') out['timestamp'] = parseRfc3339(m[2]!) ?? fail();
  setIfPresent(out, 'hostname', m[3]);
  setIfPresent(out, 'appname', m[4]);
  setIfPresent(out, 'procid', m[5]);
  setIfPresent(out, 'msgid', m[6]);
  const rest = structuredData(m[7]!, out).replace(/^ /, '').replace(/^\uFEFF/, '');
  out['message'] = rest;
  return out;
}

function bsdTimestamp(m: RegExpExecArray, now: Timestamp): Timestamp {
  const month = MONTHS.indexOf(m[1]!);
  if (month < 0) fail();
  const yearText = m[3] ?? m[7];
  const year = yearText !== undefined ? Number(yearText) : new Date(now.toMillis()).getUTCFullYear();
  const ms = Date.UTC(year, month, Number(m[2]), Number(m[4]), Number(m[5]), Number(m[6]));
  return new Timestamp(BigInt(ms) * 1_000_000n);
}

/** RFC 3164 (BSD): `Mmm dd hh:mm:ss host tag[pid]: message`, also with an RFC 3339 time. */
function rfc3164(s: string, out: VrlObject, now: Timestamp): VrlObject {
  let rest: string;
  const bsd = BSD_TIME.exec(s);
  if (bsd) {
    out['timestamp'] = bsdTimestamp(bsd, now);
    rest = s.slice(bsd[0].length);
  } else {
    const sp = s.indexOf(' ');
    const t = sp > 0 ? parseRfc3339(s.slice(0, sp)) : undefined;
    if (t === undefined) fail();
    out['timestamp'] = t;
    rest = s.slice(sp + 1).trimStart();
  }
  const tagHere = TAG_WORD.test(rest.split(' ', 1)[0]!);
  let body = rest;
  if (!tagHere) {
    const sp = rest.indexOf(' ');
    setIfPresent(out, 'hostname', sp < 0 ? rest : rest.slice(0, sp));
    body = sp < 0 ? '' : rest.slice(sp + 1);
  }
  const t = TAG_WORD.test(body.split(' ', 1)[0]!) ? TAG.exec(body) : null;
  if (t) {
    setIfPresent(out, 'appname', t[1]);
    setIfPresent(out, 'procid', t[2]);
    out['message'] = t[3]!;
  } else out['message'] = body;
  return out;
}

export function parseSyslog(line: string, now: Timestamp): VrlObject {
  const out: VrlObject = {};
  const s = priority(line.trim(), out);
  const m = RFC5424.exec(s);
  if (m && (m[2] === '-' || parseRfc3339(m[2]!) !== undefined) && Number(m[1]) > 0) return rfc5424(m, out);
  return rfc3164(s, out, now);
}
