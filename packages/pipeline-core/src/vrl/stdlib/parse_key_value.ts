import { defineVrlFunction } from './function.js';
import { bool, oneOf, optStr, str } from './support/args.js';
import { parseKeyValue } from './support/key-value.js';

export const parse_key_value = defineVrlFunction({
  name: 'parse_key_value',
  summary:
    'Parses `key=value` pairs (logfmt by default) into an object. Values may be quoted with `"` or `\'`; repeated keys collect into an array; a key without a value is `true` when `accept_standalone_key` is set; `whitespace: "lenient"` allows spaces around the delimiters.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'key_value_delimiter', kinds: ['bytes'], required: false, default: '=' },
    { name: 'field_delimiter', kinds: ['bytes'], required: false, default: ' ' },
    { name: 'whitespace', kinds: ['bytes'], required: false, default: 'lenient' },
    { name: 'accept_standalone_key', kinds: ['boolean'], required: false, default: true },
  ],
  returns: ['object'],
  fallible: true,
  examples: [
    {
      title: 'Parse logfmt log',
      source:
        'parse_key_value!("@timestamp=\\"Sun Jan 10 16:47:39 EST 2021\\" level=info msg=\\"Stopping all fetchers\\" tag#production=stopping_fetchers id=ConsumerFetcherManager-1382721708341 module=kafka.consumer.ConsumerFetcherManager")',
      result: {
        '@timestamp': 'Sun Jan 10 16:47:39 EST 2021',
        level: 'info',
        msg: 'Stopping all fetchers',
        'tag#production': 'stopping_fetchers',
        id: 'ConsumerFetcherManager-1382721708341',
        module: 'kafka.consumer.ConsumerFetcherManager',
      },
    },
    {
      title: 'Parse comma delimited log',
      source: 'parse_key_value!("path:\\"/cart_link\\", host:store.app.com, fwd: \\"102.30.171.16\\", dyno: web.2, connect:0ms, service:87ms, status:304, bytes:632, protocol:https", field_delimiter: ",", key_value_delimiter: ":")',
      result: {
        path: '/cart_link',
        host: 'store.app.com',
        fwd: '102.30.171.16',
        dyno: 'web.2',
        connect: '0ms',
        service: '87ms',
        status: '304',
        bytes: '632',
        protocol: 'https',
      },
    },
    {
      title: 'Parse comma delimited log with standalone keys',
      source: 'parse_key_value!("env:prod,service:backend,region:eu-east1,beta", field_delimiter: ",", key_value_delimiter: ":")',
      result: { env: 'prod', service: 'backend', region: 'eu-east1', beta: true },
    },
    {
      title: 'Parse duplicate keys',
      source: 'parse_key_value!("at=info,method=GET,path=\\"/index\\",status=200,tags=dev,tags=dummy", field_delimiter: ",", key_value_delimiter: "=")',
      result: { at: 'info', method: 'GET', path: '/index', status: '200', tags: ['dev', 'dummy'] },
    },
    {
      title: 'Parse with strict whitespace',
      source: "parse_key_value!(s'app=my-app ip=1.2.3.4 user= msg=hello-world', whitespace: \"strict\")",
      result: { app: 'my-app', ip: '1.2.3.4', user: '', msg: 'hello-world' },
    },
  ],
  // A literal `whitespace` is checked once here: a wrong word is a compile error, not a per-record one.
  compile(staticArgs) {
    oneOf(staticArgs, 'whitespace', ['lenient', 'strict'], 'lenient');
    return undefined;
  },
  call(args) {
    return parseKeyValue(str(args, 'value'), {
      keyValueDelimiter: optStr(args, 'key_value_delimiter') ?? '=',
      fieldDelimiter: optStr(args, 'field_delimiter') ?? ' ',
      lenient: oneOf(args, 'whitespace', ['lenient', 'strict'], 'lenient') === 'lenient',
      standaloneKey: bool(args, 'accept_standalone_key', true),
    });
  },
});
