import { Timestamp } from '../value/timestamp.js';
import type { Value, ValueMap } from '../value/value.js';

/** Thrown for JSON text that does not parse; the message names the position. */
export class JsonTextError extends Error {
  override name = 'JsonTextError';
}

/** A plain JS value (from YAML or JSON.parse) as a Value; anything else becomes its string form. */
export function fromPlain(v: unknown): Value {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'boolean':
    case 'number':
    case 'string':
    case 'bigint':
      return v;
    case 'object': {
      if (v instanceof Timestamp || v instanceof Uint8Array) return v;
      if (v instanceof Date) return Timestamp.fromMillis(v.getTime());
      if (Array.isArray(v)) return v.map(fromPlain);
      const out: ValueMap = {};
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = fromPlain(x);
      return out;
    }
    default:
      return String(v);
  }
}

// Integers of 16+ digits may not fit a double: such text takes the exact (slower) parser.
const LONG_INT = /\d{16,}/;

/** Parses JSON text into a Value, keeping integers beyond 2^53 exact (as bigint). */
export function parseJsonText(text: string): Value {
  if (!LONG_INT.test(text)) {
    try {
      return JSON.parse(text) as Value;
    } catch (e) {
      throw new JsonTextError(e instanceof Error ? e.message : String(e));
    }
  }
  return new ExactJsonParser(text).parseDocument();
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

class ExactJsonParser {
  private pos = 0;
  constructor(private readonly s: string) {}

  parseDocument(): Value {
    const v = this.value();
    this.ws();
    if (this.pos < this.s.length) this.fail('unexpected text after the JSON value');
    return v;
  }

  private fail(msg: string): never {
    throw new JsonTextError(`${msg} at position ${this.pos}`);
  }

  private ws(): void {
    const s = this.s;
    while (this.pos < s.length) {
      const c = s.charCodeAt(this.pos);
      if (c === 32 || c === 10 || c === 13 || c === 9) this.pos++;
      else break;
    }
  }

  private value(): Value {
    this.ws();
    const c = this.s[this.pos];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === 't' && this.s.startsWith('true', this.pos)) return (this.pos += 4), true;
    if (c === 'f' && this.s.startsWith('false', this.pos)) return (this.pos += 5), false;
    if (c === 'n' && this.s.startsWith('null', this.pos)) return (this.pos += 4), null;
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.s);
    if (!m) this.fail('expected a JSON value');
    this.pos = NUMBER.lastIndex;
    if (m[1] === undefined && m[2] === undefined) {
      const n = Number(m[0]);
      return Number.isSafeInteger(n) ? n : BigInt(m[0]);
    }
    return Number(m[0]);
  }

  private string(): string {
    STRING.lastIndex = this.pos;
    const m = STRING.exec(this.s);
    if (!m) this.fail('invalid string');
    this.pos = STRING.lastIndex;
    return JSON.parse(m[0]) as string;
  }

  private array(): Value[] {
    this.pos++;
    const out: Value[] = [];
    this.ws();
    if (this.s[this.pos] === ']') return this.pos++, out;
    for (;;) {
      out.push(this.value());
      this.ws();
      const c = this.s[this.pos++];
      if (c === ']') return out;
      if (c !== ',') this.fail("expected ',' or ']'");
    }
  }

  private object(): ValueMap {
    this.pos++;
    const out: ValueMap = {};
    this.ws();
    if (this.s[this.pos] === '}') return this.pos++, out;
    for (;;) {
      this.ws();
      if (this.s[this.pos] !== '"') this.fail('expected a key string');
      const k = this.string();
      this.ws();
      if (this.s[this.pos++] !== ':') this.fail("expected ':'");
      const v = this.value();
      if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      else out[k] = v;
      this.ws();
      const c = this.s[this.pos++];
      if (c === '}') return out;
      if (c !== ',') this.fail("expected ',' or '}'");
    }
  }
}
