import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';
import { parseKeyValue } from './support/key-value.js';

export const parse_logfmt = defineVrlFunction({
  name: 'parse_logfmt',
  summary: 'Parses a logfmt line (`key=value key2="quoted value" flag`) into an object; repeated keys collect into an array.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['object'],
  fallible: true,
  examples: [
    { title: 'Parse simple logfmt log', source: 'parse_logfmt!("zork=zook zonk=nork")', result: { zork: 'zook', zonk: 'nork' } },
    {
      title: 'Parse logfmt log',
      source: 'parse_logfmt!("@timestamp=\\"Sun Jan 10 16:47:39 EST 2021\\" level=info msg=\\"Stopping all fetchers\\" tag#production=stopping_fetchers")',
      result: { '@timestamp': 'Sun Jan 10 16:47:39 EST 2021', level: 'info', msg: 'Stopping all fetchers', 'tag#production': 'stopping_fetchers' },
    },
    { title: 'Standalone keys', source: 'parse_logfmt!("debug level=warn")', result: { debug: true, level: 'warn' } },
  ],
  call: (args) => parseKeyValue(str(args, 'value'), { keyValueDelimiter: '=', fieldDelimiter: ' ', lenient: false, standaloneKey: true }),
});
