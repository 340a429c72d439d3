import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';
import { parseQueryString } from './support/query-string.js';

export const parse_query_string = defineVrlFunction({
  name: 'parse_query_string',
  summary: 'Parses a URL query string (`?` optional) into an object; values are percent-decoded and repeated keys collect into an array.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['object'],
  fallible: false,
  examples: [
    { title: 'Parse query string', source: 'parse_query_string("foo=%2B1&bar=2&bar=3&xyz")', result: { foo: '+1', bar: ['2', '3'], xyz: '' } },
    { title: 'Parse simple query string', source: 'parse_query_string("foo=1&bar=2")', result: { foo: '1', bar: '2' } },
    { title: "Parse Ruby on Rails' query string", source: 'parse_query_string("?foo%5b%5d=1&foo%5b%5d=2")', result: { 'foo[]': ['1', '2'] } },
  ],
  call: (args) => parseQueryString(str(args, 'value')),
});
