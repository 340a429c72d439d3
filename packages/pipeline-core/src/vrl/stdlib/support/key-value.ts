import type { VrlValue } from '../../value.js';
import { VrlFunctionError } from '../function.js';
import type { VrlObject } from './kind.js';

export interface KeyValueOptions {
  readonly keyValueDelimiter: string;
  readonly fieldDelimiter: string;
  readonly lenient: boolean;
  readonly standaloneKey: boolean;
}

/** A parse step: the value and the position after it, or undefined when it does not apply. */
type Step<T> = { readonly value: T; readonly end: number } | undefined;

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t';

function space0(s: string, i: number): number {
  while (isSpace(s[i])) i++;
  return i;
}

/** Between pairs: runs of spaces when the delimiter is a space, else optional spaces then the delimiter. */
function fieldDelimiter(s: string, i: number, fd: string): number | undefined {
  if (fd === ' ') {
    let j = i;
    while (s.startsWith(' ', j)) j++;
    return j > i ? j : undefined;
  }
  let j = i;
  while (s[j] === ' ') j++;
  return s.startsWith(fd, j) ? j + fd.length : undefined;
}

/** Undoes the escapes encode_key_value writes (`\n`, `\\`, `\"`); other backslashes stay. */
function unescape(raw: string): string {
  if (!raw.includes('\\')) return raw;
  return raw.replace(/\\(["n\\])/g, (_m, c: string) => (c === 'n' ? '\n' : c));
}

/** A quoted field that must be followed by `terminator` (or trailing spaces and the end). */
function delimited(s: string, i: number, quote: string, terminator: string): Step<string> {
  if (s[i] !== quote) return undefined;
  let j = i + 1;
  while (j < s.length && s[j] !== quote) j += s[j] === '\\' ? 2 : 1;
  if (j >= s.length) return undefined;
  const end = j + 1;
  const atEnd = space0(s, end) === s.length;
  if (!atEnd && fieldDelimiter(s, end, terminator) === undefined) return undefined;
  return { value: unescape(s.slice(i + 1, j)), end };
}

/** The text up to `delim` (or the end), trimmed. */
function undelimited(s: string, i: number, delim: string): Step<string> {
  const at = delim === '' ? -1 : s.indexOf(delim, i);
  const end = at < 0 ? s.length : at;
  return { value: s.slice(i, end).trim(), end };
}

function parseKey(s: string, i: number, o: KeyValueOptions): Step<string> {
  const { keyValueDelimiter: kvd, fieldDelimiter: fd } = o;
  // The alternatives of VRL's parser, in its order; a key is never empty.
  let r: Step<string>;
  if (o.standaloneKey) {
    r = delimited(s, i, "'", kvd) ?? delimited(s, i, "'", fd) ?? delimited(s, i, '"', kvd) ?? delimited(s, i, '"', fd);
    if (r === undefined) {
      const upToKvd = undelimitedKey(s, i, kvd, fd);
      r = upToKvd ?? undelimited(s, i, fd);
    }
  } else {
    r = delimited(s, i, "'", kvd) ?? delimited(s, i, '"', kvd) ?? undelimited(s, i, kvd);
  }
  return r === undefined || r.value === '' ? undefined : r;
}

/** The text up to `delim`, when it is non-empty and holds no field delimiter (a key followed by its `=`). */
function undelimitedKey(s: string, i: number, delim: string, fd: string): Step<string> {
  const r = undelimited(s, i, delim);
  return r !== undefined && r.value !== '' && !r.value.includes(fd) ? r : undefined;
}

function parseValue(s: string, i: number, fd: string): Step<string> {
  return delimited(s, i, "'", fd) ?? delimited(s, i, '"', fd) ?? undelimited(s, i, fd);
}

function parsePair(s: string, start: number, o: KeyValueOptions): Step<[string, VrlValue]> {
  const key = parseKey(s, space0(s, start), o);
  if (key === undefined) return undefined;
  let i = key.end;
  let j = o.lenient ? space0(s, i) : i;
  let hasSep = false;
  if (s.startsWith(o.keyValueDelimiter, j)) {
    hasSep = true;
    j += o.keyValueDelimiter.length;
    i = o.lenient ? space0(s, j) : j;
  } else if (!o.standaloneKey) {
    return undefined;
  }
  const value = parseValue(s, i, o.fieldDelimiter);
  if (value === undefined) return undefined;
  return { value: [key.value, hasSep ? value.value : true], end: value.end };
}

/** VRL's parse_key_value grammar (a port of its nom parser); duplicate keys collect into arrays. */
export function parseKeyValue(s: string, o: KeyValueOptions): VrlObject {
  const out: VrlObject = {};
  let i = 0;
  for (;;) {
    const pair = parsePair(s, i, o);
    if (pair === undefined) {
      if (i === 0 || s.slice(i).trim() !== '') throw new VrlFunctionError(`could not parse whole line successfully: unexpected text at position ${i}`);
      break;
    }
    const [k, v] = pair.value;
    const prev = out[k];
    if (prev === undefined || !Object.hasOwn(out, k)) out[k] = v;
    else if (Array.isArray(prev)) (prev as VrlValue[]).push(v);
    else out[k] = [prev, v];
    i = pair.end;
    const next = fieldDelimiter(s, i, o.fieldDelimiter);
    if (next === undefined) break;
    i = next;
  }
  if (s.slice(i).trim() !== '') throw new VrlFunctionError('could not parse whole line successfully');
  return out;
}
