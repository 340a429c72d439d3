import { describe, expect, it } from 'vitest';
import { readYamlRoot } from '../config/yaml.js';
import { Timestamp } from '../value/timestamp.js';
import type { Doc } from '../value/value.js';
import { urlDecode, urlEncode, urlencodingProcessor } from './urlencoding.js';

const ctx = { now: new Timestamp(0n) };
const build = (yaml: string) => urlencodingProcessor.compile(urlencodingProcessor.parse(readYamlRoot(yaml).map('urlencoding')));

describe('urlencoding', () => {
  it('encode then decode gives back any text', () => {
    for (const s of ['', 'plain', 'a b&c=d/e?f#g', 'é中🙂', '%41 already', "!'()*~-._", '100%']) {
      expect(urlDecode(urlEncode(s)!)).toBe(s);
    }
  });

  it('encodes like the Rust urlencoding crate (uppercase hex, only A-Z a-z 0-9 - . _ ~ kept)', () => {
    expect(urlEncode('a b+c/🙂')).toBe('a%20b%2Bc%2F%F0%9F%99%82');
    expect(urlEncode('\ud800')).toBeUndefined();
  });

  it('processor: method, rename, errors', () => {
    const enc = build('urlencoding:\n  field: "q, q_enc"\n  method: encode');
    expect(enc.exec({ q: 'a b' }, ctx)).toEqual({ q: 'a b', q_enc: 'a%20b' });
    const dec = build('urlencoding:\n  fields: [a, b]');
    expect(dec.exec({ a: 'x%2Fy', b: 'z' }, ctx)).toEqual({ a: 'x/y', b: 'z' });
    expect(() => dec.exec({ a: '%C3%28', b: 'z' }, ctx)).toThrow("urlencoding (field 'a'): '%C3%28' decodes to bytes that are not valid UTF-8");
    expect(() => enc.exec({ q: '\udc00' }, ctx)).toThrow(/lone UTF-16 surrogate/);
    expect(() => build('urlencoding:\n  field: q\n  method: Encode')).toThrow(/urlencoding\.method .*unknown method 'Encode'/);
  });
});
