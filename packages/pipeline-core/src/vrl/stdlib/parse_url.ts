import { defineVrlFunction, VrlFunctionError } from './function.js';
import { bool, str } from './support/args.js';
import { parseQueryString } from './support/query-string.js';

/** The WHATWG URL parser is global in Node 20+ and browsers; the package's lib typings do not declare it. */
declare class URL {
  constructor(input: string);
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

const KNOWN_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443, ws: 80, wss: 443, ftp: 21 };

export const parse_url = defineVrlFunction({
  name: 'parse_url',
  summary:
    'Parses the URL `value` into `scheme`, `username`, `password`, `host`, `port` (null when absent, or the scheme\'s port with `default_known_ports`), `path`, `query` (an object) and `fragment`.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'default_known_ports', kinds: ['boolean'], required: false, default: false },
  ],
  returns: ['object'],
  fallible: true,
  examples: [
    {
      title: 'Parse URL',
      source: 'parse_url!("ftp://foo:bar@example.com:4343/foobar?hello=world#123")',
      result: { scheme: 'ftp', username: 'foo', password: 'bar', host: 'example.com', port: 4343, path: '/foobar', query: { hello: 'world' }, fragment: '123' },
    },
    {
      title: 'Parse URL with default port',
      source: 'parse_url!("https://example.com", default_known_ports: true)',
      result: { scheme: 'https', username: '', password: '', host: 'example.com', port: 443, path: '/', query: {}, fragment: null },
    },
    { title: 'Invalid URL', source: 'parse_url!("not a url")', result: { error: 'unable to parse url' } },
  ],
  call(args) {
    const text = str(args, 'value');
    let u: URL;
    try {
      u = new URL(text);
    } catch {
      throw new VrlFunctionError(`unable to parse url: relative URL without a base: ${JSON.stringify(text)}`);
    }
    const scheme = u.protocol.replace(/:$/, '');
    const explicit = u.port === '' ? null : Number(u.port);
    const port = explicit ?? (bool(args, 'default_known_ports', false) ? (KNOWN_PORTS[scheme] ?? null) : null);
    return {
      scheme,
      username: u.username,
      password: u.password,
      host: u.hostname === '' ? null : u.hostname.replace(/^\[(.*)\]$/, '$1'),
      port,
      path: u.pathname,
      query: parseQueryString(u.search),
      fragment: u.hash === '' ? null : u.hash.slice(1),
    };
  },
});
