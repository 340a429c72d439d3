import type { VrlValue } from '../../value.js';
import { VrlFunctionError } from '../function.js';
import type { VrlObject } from './kind.js';

/** A port of VRL's AWS ALB access-log parser: one cursor over space-separated, partly quoted fields. */
class Cursor {
  pos = 0;
  constructor(readonly s: string) {}

  fail(field: string): never {
    throw new VrlFunctionError(`failed to get field \`${field}\``);
  }

  /** ` ` then one or more characters accepted by `ok` (no leading space for the first field). */
  run(field: string, ok: (c: string) => boolean, leadingSpace = true): string {
    let i = this.pos;
    if (leadingSpace) {
      if (this.s[i] !== ' ') this.fail(field);
      i++;
    }
    const start = i;
    while (i < this.s.length && ok(this.s[i]!)) i++;
    if (i === start) this.fail(field);
    this.pos = i;
    return this.s.slice(start, i);
  }

  anything(field: string): string {
    return this.run(field, (c) => c !== ' ');
  }

  /** ` "..."` with `\` escaping the next character. */
  quoted(field: string): string {
    if (!this.s.startsWith(' "', this.pos)) this.fail(field);
    let out = '';
    for (let i = this.pos + 2; i < this.s.length; i++) {
      const c = this.s[i]!;
      if (c === '\\' && i + 1 < this.s.length) out += this.s[++i];
      else if (c === '"') {
        this.pos = i + 1;
        return out;
      } else out += c;
    }
    return this.fail(field);
  }

  /** ` "-"` (empty), ` "v"` or ` v`. */
  list(field: string, ok: (c: string) => boolean): string[] {
    if (this.s.startsWith(' "-"', this.pos)) {
      this.pos += 4;
      return [];
    }
    if (this.s.startsWith(' "', this.pos)) {
      const v = this.quoted(field);
      if (v === '' || ![...v].every(ok)) this.fail(field);
      return [v];
    }
    return [this.run(field, ok)];
  }
}

const dashNull = (v: string): VrlValue => (v === '-' ? null : v);
const isHost = (c: string) => /[0-9a-f.:-]/.test(c);
const isTime = (c: string) => /[0-9.\-:TZ]/.test(c);
const isNum = (c: string) => /[0-9.-]/.test(c);
const isCode = (c: string) => /[0-9-]/.test(c);

function float(c: Cursor, field: string): number {
  const text = c.run(field, isNum);
  const v = Number(text);
  if (!/^-?\d*\.?\d+$/.test(text) || Number.isNaN(v)) c.fail(field);
  return v;
}

function integer(c: Cursor, field: string): number {
  const text = c.run(field, isCode);
  if (!/^-?\d+$/.test(text)) c.fail(field);
  return Number(text);
}

export function parseAlbLog(line: string): VrlObject {
  const c = new Cursor(line);
  const out: VrlObject = {};
  out['type'] = dashNull(c.run('type', (ch) => /[a-z0-9]/.test(ch), false));
  out['timestamp'] = dashNull(c.run('timestamp', isTime));
  out['elb'] = dashNull(c.anything('elb'));
  out['client_host'] = dashNull(c.run('client_host', isHost));
  out['target_host'] = dashNull(c.run('target_host', isHost));
  out['request_processing_time'] = float(c, 'request_processing_time');
  out['target_processing_time'] = float(c, 'target_processing_time');
  out['response_processing_time'] = float(c, 'response_processing_time');
  out['elb_status_code'] = dashNull(c.run('elb_status_code', isCode));
  out['target_status_code'] = dashNull(c.run('target_status_code', isCode));
  out['received_bytes'] = integer(c, 'received_bytes');
  out['sent_bytes'] = integer(c, 'sent_bytes');
  const request = c.quoted('request');
  const sp = request.indexOf(' ');
  out['request_method'] = dashNull(sp < 0 ? request : request.slice(0, sp));
  if (sp < 0) c.fail('request_url');
  const rest = request.slice(sp + 1);
  const last = rest.lastIndexOf(' ');
  out['request_protocol'] = dashNull(last < 0 ? rest : rest.slice(last + 1));
  if (last < 0) c.fail('request_url');
  out['request_url'] = rest.slice(0, last);
  out['user_agent'] = dashNull(c.quoted('user_agent'));
  out['ssl_cipher'] = dashNull(c.anything('ssl_cipher'));
  out['ssl_protocol'] = dashNull(c.anything('ssl_protocol'));
  out['target_group_arn'] = dashNull(c.anything('target_group_arn'));
  out['trace_id'] = dashNull(c.quoted('trace_id'));
  out['domain_name'] = dashNull(c.quoted('domain_name'));
  out['chosen_cert_arn'] = dashNull(c.quoted('chosen_cert_arn'));
  out['matched_rule_priority'] = dashNull(c.run('matched_rule_priority', isCode));
  out['request_creation_time'] = dashNull(c.run('request_creation_time', isTime));
  out['actions_executed'] = dashNull(c.quoted('actions_executed'));
  out['redirect_url'] = dashNull(c.quoted('redirect_url'));
  out['error_reason'] = dashNull(c.quoted('error_reason'));
  out['target_port_list'] = c.list('target_port_list', isHost);
  out['target_status_code_list'] = c.list('target_status_code_list', (ch) => ch >= '0' && ch <= '9');
  out['classification'] = dashNull(c.quoted('classification'));
  out['classification_reason'] = dashNull(c.quoted('classification_reason'));
  out['traceability_id'] = line.startsWith(' TID_', c.pos) ? c.anything('traceability_id') : null;
  if (c.pos !== line.length) throw new VrlFunctionError(`Log should be fully consumed: "${line.slice(c.pos)}"`);
  return out;
}
