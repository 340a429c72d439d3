import type { VrlValue } from '../../value.js';
import { VrlFunctionError } from '../function.js';
import type { VrlObject } from './kind.js';

/** A port of VRL's Ruby-hash grammar: `{ "k" => v, k: v, :k => v }`, strings kept raw, numbers as floats. */
class RubyHashParser {
  private i = 0;
  constructor(private readonly s: string) {}

  fail(what: string): never {
    throw new VrlFunctionError(`unable to parse ruby hash: expected ${what} at position ${this.i}`);
  }

  private sp(): void {
    while (this.i < this.s.length && ' \t\r\n'.includes(this.s[this.i]!)) this.i++;
  }

  private eat(text: string): boolean {
    if (!this.s.startsWith(text, this.i)) return false;
    this.i += text.length;
    return true;
  }

  document(): VrlObject {
    if (this.s[this.i] !== '{') this.fail("'{'");
    const h = this.hash();
    if (this.s.slice(this.i).trim() !== '') throw new VrlFunctionError('could not parse whole line successfully');
    return h;
  }

  /** A quoted string, its escapes kept as written (as VRL does). */
  private str(): string | undefined {
    const q = this.s[this.i];
    if (q !== '"' && q !== "'") return undefined;
    let j = this.i + 1;
    while (j < this.s.length && this.s[j] !== q) j += this.s[j] === '\\' ? 2 : 1;
    if (j >= this.s.length) this.fail('a closing quote');
    const out = this.s.slice(this.i + 1, j);
    this.i = j + 1;
    return out;
  }

  private word(): string | undefined {
    const m = /^[\p{L}\p{N}_]+/u.exec(this.s.slice(this.i));
    if (!m) return undefined;
    this.i += m[0].length;
    return m[0];
  }

  private colonKey(): string | undefined {
    if (this.s[this.i] !== ':') return undefined;
    const start = this.i++;
    const k = this.str() ?? this.word();
    if (k === undefined) this.i = start;
    return k;
  }

  private key(): string {
    return this.str() ?? this.word() ?? this.colonKey() ?? this.fail('a key');
  }

  private hash(): VrlObject {
    this.i++;
    const out: VrlObject = {};
    this.sp();
    if (this.eat('}')) return out;
    for (;;) {
      this.sp();
      const k = this.key();
      this.sp();
      if (!this.eat('=>') && !this.eat(':')) this.fail("':' or '=>'");
      out[k] = this.value();
      this.sp();
      if (this.eat('}')) return out;
      if (!this.eat(',')) this.fail("',' or '}'");
    }
  }

  private array(): VrlValue[] {
    this.i++;
    const out: VrlValue[] = [];
    this.sp();
    if (this.eat(']')) return out;
    for (;;) {
      out.push(this.value());
      this.sp();
      if (this.eat(']')) return out;
      if (!this.eat(',')) this.fail("',' or ']'");
    }
  }

  private value(): VrlValue {
    this.sp();
    if (this.eat('nil')) return null;
    const c = this.s[this.i];
    if (c === '{') return this.hash();
    if (c === '[') return this.array();
    const sym = this.colonKey();
    if (sym !== undefined) return sym;
    const text = this.str();
    if (text !== undefined) return text;
    const num = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(this.s.slice(this.i));
    if (num) {
      this.i += num[0].length;
      return Number(num[0]);
    }
    if (this.eat('true')) return true;
    if (this.eat('false')) return false;
    return this.fail('a value');
  }
}

export function parseRubyHash(text: string): VrlObject {
  return new RubyHashParser(text).document();
}
