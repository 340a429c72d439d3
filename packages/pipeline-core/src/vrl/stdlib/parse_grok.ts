import { defineVrlFunction, VrlFunctionError } from './function.js';
import { str } from './support/args.js';
import { compileGrok, matchGrok, type CompiledGrok } from './support/grok.js';

const cache = new Map<string, CompiledGrok>();

function grokFor(compiled: unknown, pattern: string): CompiledGrok {
  const pre = compiled as CompiledGrok | undefined;
  if (pre !== undefined && pre.fields !== undefined) return pre;
  let g = cache.get(pattern);
  if (g === undefined) {
    g = compileGrok(pattern);
    if (cache.size >= 64) cache.clear();
    cache.set(pattern, g);
  }
  return g;
}

export const parse_grok = defineVrlFunction({
  name: 'parse_grok',
  summary:
    'Parses `value` with a grok `pattern` (`%{PATTERN:field}` over the core grok library: IP, NUMBER, WORD, TIMESTAMP_ISO8601, LOGLEVEL, GREEDYDATA, COMBINEDAPACHELOG, ...) into an object of the named fields. A literal pattern is compiled once.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'pattern', kinds: ['bytes'], required: true },
  ],
  returns: ['object'],
  fallible: true,
  examples: [
    {
      title: 'Parse using Grok',
      source: 'parse_grok!("2020-10-02T23:22:12.223222Z info Hello world", "%{TIMESTAMP_ISO8601:timestamp} %{LOGLEVEL:level} %{GREEDYDATA:message}")',
      result: { timestamp: '2020-10-02T23:22:12.223222Z', level: 'info', message: 'Hello world' },
    },
    {
      title: 'Parse a syslog header',
      source: 'parse_grok!("Mar  7 00:00:01 web-1 cron[42]: job done", "%{SYSLOGBASE} %{GREEDYDATA:message}")',
      result: { timestamp: 'Mar  7 00:00:01', logsource: 'web-1', program: 'cron', pid: '42', message: 'job done' },
    },
    { title: 'No match', source: 'parse_grok!("hello", "%{INT:n}")', result: { error: 'unable to parse input with grok pattern' } },
    { title: 'Unknown pattern', source: 'parse_grok!("hello", "%{NOPE:n}")', result: { error: 'unknown grok pattern %{NOPE}' } },
  ],
  compile(staticArgs) {
    const p = staticArgs['pattern'];
    return typeof p === 'string' ? compileGrok(p) : undefined;
  },
  call(args, _ctx, compiled) {
    const out = matchGrok(grokFor(compiled, str(args, 'pattern')), str(args, 'value'));
    if (out === undefined) throw new VrlFunctionError('unable to parse input with grok pattern');
    return out;
  },
});
