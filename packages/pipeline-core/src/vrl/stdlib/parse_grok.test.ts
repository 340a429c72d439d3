import { describe, expect, it } from 'vitest';
import { parse_grok } from './parse_grok.js';
import { invoke } from './support/invoke.js';

const grok = (value: string, pattern: string) => invoke(parse_grok, { value, pattern });

describe('parse_grok', () => {
  it('parses a combined Apache log line with the library pattern', () => {
    const line = '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326 "http://x/" "curl/8"';
    expect(grok(line, '%{COMBINEDAPACHELOG}')).toEqual({
      clientip: '127.0.0.1',
      ident: '-',
      auth: 'frank',
      timestamp: '10/Oct/2000:13:55:36 -0700',
      verb: 'GET',
      request: '/apache_pb.gif',
      httpversion: '1.0',
      response: '200',
      bytes: '2326',
      referrer: '"http://x/"',
      agent: '"curl/8"',
    });
  });

  it('leaves out optional fields that captured nothing and keeps field names with dots', () => {
    expect(grok('GET /', '%{WORD:http.method} %{URIPATH:url.path}(?: %{NUMBER:code})?')).toEqual({ 'http.method': 'GET', 'url.path': '/' });
  });

  it('reports unknown patterns', () => {
    expect(() => grok('x', '%{MISSING:x}')).toThrow('unknown grok pattern %{MISSING}');
  });

  it('matches IPv4 and IPv6 addresses', () => {
    expect(grok('from 2001:db8::1 to 10.0.0.1', 'from %{IP:a} to %{IP:b}')).toEqual({ a: '2001:db8::1', b: '10.0.0.1' });
  });
});
