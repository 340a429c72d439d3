import type { VrlValue } from '../value.js';
import { defineVrlFunction, VrlFunctionError } from './function.js';
import { optStr, str } from './support/args.js';
import type { VrlObject } from './support/kind.js';
import { parseDecimalInt } from './support/numbers.js';

const DEFAULT_FORMAT = 'version account_id interface_id srcaddr dstaddr srcport dstport protocol packets bytes start end action log_status';

/** Every field VRL knows, and whether it is an integer. */
const FIELDS: Readonly<Record<string, boolean>> = {
  account_id: false, action: false, az_id: false, bytes: true, dstaddr: false, dstport: true, end: true, flow_direction: false,
  instance_id: false, interface_id: false, log_status: false, packets: true, pkt_dstaddr: false, pkt_dst_aws_service: false,
  pkt_srcaddr: false, pkt_src_aws_service: false, protocol: true, region: false, srcaddr: false, srcport: true, start: true,
  sublocation_id: false, sublocation_type: false, subnet_id: false, tcp_flags: true, traffic_path: true, type: false, version: true, vpc_id: false,
};

export const parse_aws_vpc_flow_log = defineVrlFunction({
  name: 'parse_aws_vpc_flow_log',
  summary:
    'Parses an AWS VPC Flow Log record, space-separated in the field order of `format` (default: the version 2 fields); `-` is null and counters, ports and times are integers.',
  params: [
    { name: 'value', kinds: ['bytes'], required: true },
    { name: 'format', kinds: ['bytes'], required: false },
  ],
  returns: ['object'],
  fallible: true,
  examples: [
    {
      title: 'Parse AWS VPC Flow log (default format)',
      source: 'parse_aws_vpc_flow_log!("2 123456789010 eni-1235b8ca123456789 - - - - - - - 1431280876 1431280934 - NODATA")',
      result: {
        version: 2, account_id: '123456789010', interface_id: 'eni-1235b8ca123456789', srcaddr: null, dstaddr: null, srcport: null, dstport: null,
        protocol: null, packets: null, bytes: null, start: 1431280876, end: 1431280934, action: null, log_status: 'NODATA',
      },
    },
    {
      title: 'Parse AWS VPC Flow log (custom format)',
      source: 'parse_aws_vpc_flow_log!("- eni-1235b8ca123456789 10.0.1.5 10.0.0.220 10.0.1.5 203.0.113.5", "instance_id interface_id srcaddr dstaddr pkt_srcaddr pkt_dstaddr")',
      result: { instance_id: null, interface_id: 'eni-1235b8ca123456789', srcaddr: '10.0.1.5', dstaddr: '10.0.0.220', pkt_srcaddr: '10.0.1.5', pkt_dstaddr: '203.0.113.5' },
    },
    { title: 'Too few values', source: 'parse_aws_vpc_flow_log!("2 123456789010")', result: { error: 'no item for key: `interface_id`' } },
  ],
  call(args) {
    const values = str(args, 'value').split(' ');
    const keys = (optStr(args, 'format') ?? DEFAULT_FORMAT).split(' ');
    const out: VrlObject = {};
    const n = Math.max(values.length, keys.length);
    for (let i = 0; i < n; i++) {
      const key = keys[i];
      const value = values[i];
      if (key === undefined) throw new VrlFunctionError(`no key for value: \`${value}\``);
      if (value === undefined) throw new VrlFunctionError(`no item for key: \`${key}\``);
      const isInt = FIELDS[key];
      if (isInt === undefined) throw new VrlFunctionError(`unknown key: \`${key}\``);
      if (Object.hasOwn(out, key)) throw new VrlFunctionError(`value already exists for key: \`${key}\``);
      let v: VrlValue = value;
      if (value === '-') v = null;
      else if (isInt) {
        try {
          v = parseDecimalInt(value);
        } catch {
          throw new VrlFunctionError(`failed to parse value as i64 (key: \`${key}\`): \`${value}\``);
        }
      }
      out[key] = v;
    }
    return out;
  },
});
