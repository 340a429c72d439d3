import { defineVrlFunction } from './function.js';
import { oneOf, optStr, str } from './support/args.js';
import { NGINX_COMBINED, NGINX_ERROR, NGINX_INGRESS_UPSTREAMINFO, NGINX_MAIN, parseLogLine } from './support/log-formats.js';
import { utc } from './support/instant.js';
import { parseWithFormat, StrptimeCache } from './support/time.js';

const PATTERNS = { combined: NGINX_COMBINED, error: NGINX_ERROR, main: NGINX_MAIN, ingress_upstreaminfo: NGINX_INGRESS_UPSTREAMINFO } as const;
type NginxFormat = keyof typeof PATTERNS;
const FORMATS = Object.keys(PATTERNS) as NginxFormat[];

const defaultTimeFormat = (format: NginxFormat): string => (format === 'error' ? '%Y/%m/%d %H:%M:%S' : '%d/%b/%Y:%T %z');

export const parse_nginx_log = defineVrlFunction({
  name: 'parse_nginx_log',
  summary:
    'Parses an Nginx log line in `format` `combined`, `main`, `error` or `ingress_upstreaminfo` into an object; `-` fields are left out, numbers converted, and the time read with `timestamp_format` (default `%d/%b/%Y:%T %z`, or `%Y/%m/%d %H:%M:%S` for `error`).',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'format', kinds: ['bytes'], required: true },
    { name: 'timestamp_format', kinds: ['bytes'], required: false },
    { name: 'timezone', kinds: ['bytes'], required: false },
  ],
  returns: ['object'],
  fallible: true,
  examples: [
    {
      title: 'Parse via Nginx log format (combined)',
      source:
        "parse_nginx_log!(s'172.17.0.1 - alice [01/Apr/2021:12:02:31 +0000] \"POST /not-found HTTP/1.1\" 404 153 \"http://localhost/somewhere\" \"Mozilla/5.0\" \"2.75\"', \"combined\")",
      result: {
        client: '172.17.0.1', user: 'alice', timestamp: utc(2021, 3, 1, 12, 2, 31), request: 'POST /not-found HTTP/1.1', status: 404, size: 153,
        referer: 'http://localhost/somewhere', agent: 'Mozilla/5.0', compression: '2.75',
      },
    },
    {
      title: 'Parse via Nginx log format (error)',
      source:
        "parse_nginx_log!(s'2021/04/01 13:02:31 [error] 31#31: *1 open() \"/usr/share/nginx/html/not-found\" failed (2: No such file or directory), client: 172.17.0.1, server: localhost, request: \"POST /not-found HTTP/1.1\", host: \"localhost:8081\"', \"error\")",
      result: {
        timestamp: utc(2021, 3, 1, 13, 2, 31), severity: 'error', pid: 31, tid: 31, cid: 1,
        message: 'open() "/usr/share/nginx/html/not-found" failed (2: No such file or directory)',
        client: '172.17.0.1', server: 'localhost', request: 'POST /not-found HTTP/1.1', host: 'localhost:8081',
      },
    },
    { title: 'Line in another format', source: 'parse_nginx_log!("hello", "main")', result: { error: 'failed parsing nginx main log line' } },
  ],
  compile(staticArgs) {
    const format = oneOf(staticArgs, 'format', FORMATS, 'combined');
    const cache = new StrptimeCache(2);
    const timeFormat = staticArgs['timestamp_format'];
    const zone = staticArgs['timezone'];
    cache.get(typeof timeFormat === 'string' ? timeFormat : defaultTimeFormat(format), typeof zone === 'string' ? zone : undefined);
    return cache;
  },
  call(args, _ctx, compiled) {
    const format = oneOf(args, 'format', FORMATS, 'combined');
    const timeFormat = optStr(args, 'timestamp_format') ?? defaultTimeFormat(format);
    const zone = optStr(args, 'timezone');
    return parseLogLine(PATTERNS[format], str(args, 'value'), `nginx ${format}`, (t) => parseWithFormat(compiled, t, timeFormat, zone));
  },
});
