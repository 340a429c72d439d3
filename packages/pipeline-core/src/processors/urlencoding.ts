import { ProcessorError } from '../errors/index.js';
import { readFields, type Field } from '../fields/field.js';
import { forEachField } from '../fields/for-each-field.js';
import { kindOf, type Value } from '../value/value.js';
import { defineProcessor } from './processor.js';

export type UrlencodingMethod = 'encode' | 'decode';

export interface UrlencodingConfig {
  readonly fields: readonly Field[];
  readonly method: UrlencodingMethod;
  readonly ignoreMissing: boolean;
}

const EXTRA = /[!'()*]/g;

/**
 * Percent-encodes every byte of the UTF-8 text except `A-Z a-z 0-9 - . _ ~` (the Rust `urlencoding`
 * crate GreptimeDB uses). Returns undefined for text holding a lone surrogate (not encodable).
 */
export function urlEncode(text: string): string | undefined {
  try {
    return encodeURIComponent(text).replace(EXTRA, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  } catch {
    return undefined;
  }
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 102);
}

/**
 * Decodes `%XX` escapes; a `%` not followed by two hex digits stays as is, and `+` stays `+`.
 * Returns undefined when an escaped byte run is not valid UTF-8.
 */
export function urlDecode(text: string): string | undefined {
  if (text.indexOf('%') < 0) return text;
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const start = i;
    while (i + 2 < n && text.charCodeAt(i) === 37 && isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2))) i += 3;
    if (i > start) {
      try {
        out += decodeURIComponent(text.slice(start, i));
      } catch {
        return undefined;
      }
      continue;
    }
    const next = text.indexOf('%', i + 1);
    const end = next < 0 ? n : next;
    out += text.slice(i, end);
    i = end;
  }
  return out;
}

/** `urlencoding`: percent-encodes or decodes string fields (`method: encode | decode`, default decode). */
export const urlencodingProcessor = defineProcessor<UrlencodingConfig>({
  kind: 'urlencoding',
  parse(cfg) {
    const fields = readFields(cfg);
    const method = cfg.optString('method') ?? 'decode';
    if (method !== 'encode' && method !== 'decode') throw cfg.error('method', `unknown method '${method}' (use encode or decode)`);
    const config: UrlencodingConfig = { fields, method, ignoreMissing: cfg.bool('ignore_missing', false) };
    cfg.done();
    return config;
  },
  compile(config) {
    const encode = config.method === 'encode';
    const apply = (value: Value, field: Field): Value => {
      if (typeof value !== 'string') throw new ProcessorError('urlencoding', field.input, `expected a string, got ${kindOf(value)}`);
      const out = encode ? urlEncode(value) : urlDecode(value);
      if (out === undefined) {
        throw new ProcessorError('urlencoding', field.input, encode ? 'the text holds a lone UTF-16 surrogate and cannot be encoded' : `'${value}' decodes to bytes that are not valid UTF-8`);
      }
      return out;
    };
    return {
      kind: 'urlencoding',
      exec(doc) {
        forEachField(doc, 'urlencoding', config.fields, config.ignoreMissing, apply);
        return doc;
      },
    };
  },
});
