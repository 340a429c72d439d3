import type { Timestamp } from '../../../value/timestamp.js';
import type { VrlRegex, VrlValue } from '../../value.js';
import { VrlFunctionError } from '../function.js';
import type { VrlObject } from './kind.js';
import { compileRegex, groupNames, namesToIndex } from './regex.js';

/**
 * Web-server log formats, VRL's patterns (vrl/src/stdlib/log_util.rs) rewritten for RE2: no
 * extended mode, `(?:\\"|[^"])` for "any character but a quote, unless escaped".
 */
const Q = String.raw`(?:\\"|[^"])`;
const CLF_HEAD = String.raw`^\s*(?:-|(?P<host>.*?))\s+(?:-|(?P<identity>.*?))\s+(?:-|(?P<user>.*?))\s+(?:-|\[(?:-|(?P<timestamp>[^\[]*))\])\s+`;
const CLF_REQUEST = String.raw`(?:-|"(?:-|\s*(?P<message>(?P<method>\w+)\s+(?P<path>${Q}*?)\s+(?P<protocol>${Q}*?)\s*|${Q}*?)\s*)")\s+`;
const CLF_STATUS = String.raw`(?:-|(?P<status>\d+))\s+(?:-|(?P<size>\d+))`;

export const APACHE_COMMON = [compileRegex(CLF_HEAD + CLF_REQUEST + CLF_STATUS + String.raw`\s*$`)];
export const APACHE_COMBINED = [
  compileRegex(
    CLF_HEAD + CLF_REQUEST + CLF_STATUS + String.raw`\s+(?:-|"(?:-|\s*(?P<referrer>${Q}*?)"))\s+(?:-|"(?:-|\s*(?P<agent>${Q}*?)"))`,
  ),
];
export const APACHE_ERROR = [
  compileRegex(
    String.raw`^\s*(?:-|\[(?:-|(?P<timestamp>[^\[]*))\])\s+(?:-|\[(?:-|(?P<module>[^:]*):(?P<severity>[^\[]*))\])\s+` +
      String.raw`(?:-|\[\s*pid\s*(?:-|(?P<pid>[^:]*)(?::\s*tid\s*(?P<thread>[^\[]*))?)\])\s` +
      String.raw`(?:-|\[\s*client\s*(?:-|(?P<client>.*:?):(?P<port>[^\[]*))\])\s(?:-|(?P<message>.*))\s*$`,
  ),
  compileRegex(
    String.raw`^\s*\[(?P<timestamp>[^\]]+)\]\s+\[(?:-|(?P<module>[^:]+)):(?P<severity>[^\]]+)\]\s+\[pid\s+(?P<pid>\d+)(?::tid\s+(?P<thread>\d+))?\]\s+` +
      String.raw`(?P<message1>[^\[]*?:\s+(?:[^\[]*?:\s+)?)?(?:\[client\s+(?P<client>.+?):(?P<port>\d+)\]\s+)?(?P<message2>.*?)(?:, referer .*)?\s*$`,
  ),
];
export const NGINX_COMBINED = [
  compileRegex(
    String.raw`^\s*(?:-|(?P<client>\S+))\s+-\s+(?:-|(?P<user>\S+))\s+\[(?P<timestamp>.+)\]\s+"(?P<request>[^"]*)"\s+(?P<status>\d+)\s+(?P<size>\d+)\s+` +
      String.raw`"(?P<referer>[^"]*)"\s+"(?P<agent>[^"]*)"(?:\s+"(?:-|(?P<compression>[^"]+))")?\s*$`,
  ),
];
const NGINX_MAIN_HEAD =
  String.raw`^\s*(?:-|(?P<remote_addr>\S+))\s+-\s+(?:-|(?P<remote_user>\S+))\s+\[(?P<timestamp>[^\]]+)\]\s+"(?P<request>[^"]*)"\s+(?P<status>\d+)\s+(?P<body_bytes_size>\d+)\s+` +
  String.raw`"(?:-|(?P<http_referer>[^"]*))"\s+"(?:-|(?P<http_user_agent>[^"]+))"\s+`;
export const NGINX_MAIN = [compileRegex(NGINX_MAIN_HEAD + String.raw`"(?:-|(?P<http_x_forwarded_for>[^"]+))"\s*$`)];
export const NGINX_INGRESS_UPSTREAMINFO = [
  compileRegex(
    NGINX_MAIN_HEAD +
      String.raw`(?P<request_length>\d+)\s+(?P<request_time>\d+\.\d+)\s+\[(?P<proxy_upstream_name>[^\]]+)\]\s+\[(?P<proxy_alternative_upstream_name>[^\]]+)?\]\s+` +
      String.raw`(?P<upstream_addr>\S+)\s+(?:-|(?P<upstream_response_length>\d+))\s+(?:-|(?P<upstream_response_time>\d+\.\d+))\s+(?:-|(?P<upstream_status>\d+))\s+(?P<req_id>\S+)\s*$`,
  ),
];
export const NGINX_ERROR = [
  compileRegex(
    String.raw`^\s*(?P<timestamp>.+)\s+\[(?P<severity>\w+)\]\s+(?P<pid>\d+)#(?P<tid>\d+):(?:\s+\*(?P<cid>\d+))?\s+(?P<message>.+?)` +
      String.raw`(?:,\s+excess:\s+(?P<excess>[^\s,]+),?\sby\szone\s"(?P<zone>[^,]+)")?(?:,\s+client:\s+(?P<client>[^,]+))?(?:,\s+server:\s+(?P<server>[^,]*))?` +
      String.raw`(?:,\s+request:\s+"(?P<request>[^"]*)")?(?:,\s+upstream:\s+"(?P<upstream>[^"]*)")?(?:,\s+host:\s+"(?P<host>[^"]*)")?(?:,\s+refer?rer:\s+"(?P<referer>[^"]*)")?\s*$`,
  ),
];

const INTEGER_FIELDS = new Set(['status', 'size', 'pid', 'tid', 'cid', 'port', 'body_bytes_size', 'request_length', 'upstream_response_length', 'upstream_status']);
const FLOAT_FIELDS = new Set(['request_time', 'upstream_response_time', 'excess']);

/**
 * Matches `line` against the first fitting pattern and returns its named groups, `-` and unmatched
 * groups left out, numbers converted, `message1` + `message2` joined, the time read by `parseTime`.
 */
export function parseLogLine(patterns: readonly VrlRegex[], line: string, what: string, parseTime: (text: string) => Timestamp): VrlObject {
  for (const re of patterns) {
    const m = re.re.matcher(line);
    if (!m.matches()) continue;
    const out: VrlObject = {};
    for (const [index, name] of groupNames(re)) {
      const v = m.group(index);
      if (v === null || v === '' || name === 'message1' || name === 'message2') continue;
      out[name] = convert(name, v, parseTime);
    }
    const m1 = namedGroup(re, m, 'message1');
    const m2 = namedGroup(re, m, 'message2');
    if (m1 !== null || m2 !== null) out['message'] = `${m1 ?? ''}${m2 ?? ''}`;
    return out;
  }
  throw new VrlFunctionError(`failed parsing ${what} log line`);
}

function namedGroup(re: VrlRegex, m: ReturnType<VrlRegex['re']['matcher']>, name: string): string | null {
  const index = namesToIndex(re).get(name);
  return index === undefined ? null : m.group(index);
}

function convert(name: string, v: string, parseTime: (text: string) => Timestamp): VrlValue {
  if (name === 'timestamp') return parseTime(v);
  if (INTEGER_FIELDS.has(name) && /^\d+$/.test(v)) return Number(v);
  if (FLOAT_FIELDS.has(name) && /^\d+(?:\.\d+)?$/.test(v)) return Number(v);
  return v;
}
