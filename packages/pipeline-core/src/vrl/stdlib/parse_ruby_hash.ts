import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';
import { parseRubyHash } from './support/ruby-hash.js';

export const parse_ruby_hash = defineVrlFunction({
  name: 'parse_ruby_hash',
  summary:
    'Parses a Ruby hash literal (`{ "key" => value, key: value, :sym => value }`) into an object: strings (escapes kept as written), numbers, `true`/`false`, `nil` as null, symbols as strings, nested hashes and arrays.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['object'],
  fallible: true,
  examples: [
    {
      title: 'Parse ruby hash',
      source: 'parse_ruby_hash!(s\'{ "test" => "value", "testNum" => 0.2, "testObj" => { "testBool" => true, "testNull" => nil } }\')',
      result: { test: 'value', testNum: 0.2, testObj: { testBool: true, testNull: null } },
    },
    { title: 'Symbols and colon keys', source: 'parse_ruby_hash!(s\'{:hello=>:world, count: 42, "list" => [1, \\\'a\\\']}\')', result: { hello: 'world', count: 42, list: [1, 'a'] } },
    { title: 'Not a hash', source: 'parse_ruby_hash!("\\"hello world\\"")', result: { error: 'unable to parse ruby hash' } },
  ],
  call: (args) => parseRubyHash(str(args, 'value')),
});
