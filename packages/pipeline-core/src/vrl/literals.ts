import { RE2JS } from 're2js';
import { parseRfc3339 } from '../time/rfc3339.js';
import type { Timestamp } from '../value/timestamp.js';
import { VrlRegex } from './value.js';

/** A literal that is not valid; to-ast.ts turns it into a located VrlSyntaxError. */
export class LiteralError extends Error {
  override name = 'LiteralError';
  constructor(
    readonly vrlCode: string,
    message: string,
  ) {
    super(message);
  }
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '0': '\0', '\\': '\\', '"': '"', "'": "'", '{': '{', '}': '}', '\n': '' };

/** The value of a `"..."` string literal (the token includes the quotes). */
export function decodeString(token: string): string {
  const body = token.slice(1, -1);
  if (!body.includes('\\') && !body.includes('{{')) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '{' && body[i + 1] === '{') {
      throw new LiteralError('E209', 'string templates ({{ ... }}) are not supported: build the string with +, or write \\{{ for literal braces');
    }
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[++i]!;
    if (e === 'u' && body[i + 1] === '{') {
      const close = body.indexOf('}', i);
      const hex = close < 0 ? '' : body.slice(i + 2, close);
      const cp = /^[0-9a-fA-F]{1,6}$/.test(hex) ? parseInt(hex, 16) : NaN;
      if (!(cp <= 0x10ffff)) throw new LiteralError('E209', `invalid unicode escape '\\u{${hex}}'`);
      out += String.fromCodePoint(cp);
      i = close;
      continue;
    }
    const v = ESCAPES[e];
    if (v === undefined) throw new LiteralError('E209', `invalid escape character '\\${e}'`);
    out += v;
  }
  return out;
}

/** `s'...'`: only `\'` is an escape; every other character is kept as written. */
export function decodeRawString(token: string): string {
  return token.slice(2, -1).replaceAll("\\'", "'");
}

/** `r'...'`: compiled once with RE2 (linear time); inline flags such as `(?i)` work. */
export function decodeRegex(token: string): VrlRegex {
  const source = token.slice(2, -1).replaceAll("\\'", "'");
  try {
    return new VrlRegex(source, '', RE2JS.compile(source));
  } catch (e) {
    throw new LiteralError('E209', `invalid regular expression: ${(e as Error).message}`);
  }
}

/** `t'...'`: an RFC 3339 timestamp. */
export function decodeTimestamp(token: string): Timestamp {
  const text = token.slice(2, -1);
  const ts = parseRfc3339(text);
  if (ts === undefined) throw new LiteralError('E209', `invalid timestamp literal '${text}': expected RFC 3339 such as 2021-02-11T10:32:50.553955473Z`);
  return ts;
}

const I64_MAX = 9223372036854775807n;

/** An integer literal: a number while safe, a bigint up to i64's range. */
export function decodeInteger(token: string): number | bigint {
  const digits = token.replaceAll('_', '');
  const n = Number(digits);
  if (Number.isSafeInteger(n)) return n;
  const big = BigInt(digits);
  if (big > I64_MAX) throw new LiteralError('E209', `integer literal ${token} is out of range (at most ${I64_MAX})`);
  return big;
}

export function decodeFloat(token: string): number {
  return Number(token.replaceAll('_', ''));
}
