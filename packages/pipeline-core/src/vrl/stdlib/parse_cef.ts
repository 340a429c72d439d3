import { defineVrlFunction } from './function.js';
import { bool, str } from './support/args.js';
import { parseCef, translateCustomFields } from './support/cef.js';
import type { VrlObject } from './support/kind.js';

export const parse_cef = defineVrlFunction({
  name: 'parse_cef',
  summary:
    'Parses a CEF (Common Event Format) line, skipping anything before `CEF:`, into the header fields (`cefVersion`, `deviceVendor`, `deviceProduct`, `deviceVersion`, `deviceEventClassId`, `name`, `severity`) and the `key=value` extensions, all as strings. With `translate_custom_fields`, `cs1Label=Foo cs1=bar` becomes `Foo: bar`.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'translate_custom_fields', kinds: ['boolean'], required: false, default: false },
  ],
  returns: ['object'],
  fallible: true,
  examples: [
    {
      title: 'Ignore syslog header',
      source: 'parse_cef!("Sep 29 08:26:10 host CEF:1|Security|threatmanager|1.0|100|worm successfully stopped|10|src=10.0.0.1 dst=2.1.2.2 spt=1232")',
      result: {
        cefVersion: '1', deviceVendor: 'Security', deviceProduct: 'threatmanager', deviceVersion: '1.0', deviceEventClassId: '100',
        name: 'worm successfully stopped', severity: '10', src: '10.0.0.1', dst: '2.1.2.2', spt: '1232',
      },
    },
    {
      title: 'Translate custom fields',
      source: 'parse_cef!("CEF:0|Dev|firewall|2.2|1|Connection denied|5|c6a1=2345:0425:2CA1:0000:0000:0567:5673:23b5 c6a1Label=Device IPv6 Address", translate_custom_fields: true)',
      result: {
        cefVersion: '0', deviceVendor: 'Dev', deviceProduct: 'firewall', deviceVersion: '2.2', deviceEventClassId: '1', name: 'Connection denied',
        severity: '5', 'Device IPv6 Address': '2345:0425:2CA1:0000:0000:0567:5673:23b5',
      },
    },
    {
      title: 'Parse CEF with empty value',
      source: 'parse_cef!("CEF:0|CyberArk|PTA|12.6|1|Suspected credentials theft||suser=mike2@prod1.domain.com shost= src=1.1.1.1")',
      result: {
        cefVersion: '0', deviceVendor: 'CyberArk', deviceProduct: 'PTA', deviceVersion: '12.6', deviceEventClassId: '1', name: 'Suspected credentials theft',
        severity: '', suser: 'mike2@prod1.domain.com', shost: '', src: '1.1.1.1',
      },
    },
    {
      title: 'Parse CEF with escapes',
      source: "parse_cef!(s'CEF:0|security|threatmanager|1.0|100|Detected a \\| in message. No action needed.|10|src=10.0.0.1 msg=Detected a threat.\\n No action needed act=blocked a \\= dst=1.1.1.1')",
      result: {
        cefVersion: '0', deviceVendor: 'security', deviceProduct: 'threatmanager', deviceVersion: '1.0', deviceEventClassId: '100',
        name: 'Detected a | in message. No action needed.', severity: '10', src: '10.0.0.1', msg: 'Detected a threat.\n No action needed', act: 'blocked a =', dst: '1.1.1.1',
      },
    },
    { title: 'Not CEF', source: 'parse_cef!("hello")', result: { error: 'Could not parse whole line successfully' } },
  ],
  call(args) {
    const pairs = parseCef(str(args, 'value'));
    const out: VrlObject = {};
    if (bool(args, 'translate_custom_fields', false)) for (const [k, v] of translateCustomFields(pairs)) out[k] = v;
    else for (const [k, v] of pairs) out[k] = v;
    return out;
  },
});
