import { describe, expect, it } from 'vitest';
import { parse_url } from './parse_url.js';
import { invoke } from './support/invoke.js';

describe('parse_url', () => {
  it('returns every part, decoding the query and leaving absent parts empty or null', () => {
    expect(invoke(parse_url, { value: 'https://user@example.com/a/b?x=1&x=2&y=%20z#frag' })).toEqual({
      scheme: 'https',
      username: 'user',
      password: '',
      host: 'example.com',
      port: null,
      path: '/a/b',
      query: { x: ['1', '2'], y: ' z' },
      fragment: 'frag',
    });
  });

  it('drops a default port unless default_known_ports, and strips IPv6 brackets', () => {
    expect(invoke(parse_url, { value: 'http://[::1]:80/' })).toMatchObject({ host: '::1', port: null });
    expect(invoke(parse_url, { value: 'http://[::1]:80/', default_known_ports: true })).toMatchObject({ port: 80 });
    expect(invoke(parse_url, { value: 'http://h:8080' })).toMatchObject({ port: 8080, path: '/' });
  });

  it('fails on a relative URL', () => {
    expect(() => invoke(parse_url, { value: '/just/a/path' })).toThrow('unable to parse url');
  });
});
