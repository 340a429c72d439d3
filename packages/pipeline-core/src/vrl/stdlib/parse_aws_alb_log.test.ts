import { describe, expect, it } from 'vitest';
import { parse_aws_alb_log } from './parse_aws_alb_log.js';
import { invoke } from './support/invoke.js';

describe('parse_aws_alb_log', () => {
  it('reads TLS fields, quoted names and unquoted target lists', () => {
    const line =
      'https 2018-07-02T22:23:00.186641Z app/my-loadbalancer/50dc6c495c0c9188 192.168.131.39:2817 10.0.0.1:80 0.086 0.048 0.037 200 200 0 57 "GET https://www.example.com:443/ HTTP/1.1" "curl/7.46.0" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/my-targets/73e2d6bc24d8a067 "Root=1-58337281-1d84f3d73c47ec4e58577259" "www.example.com" "arn:aws:acm:us-east-2:123456789012:certificate/12345678-1234-1234-1234-123456789012" 1 2018-07-02T22:22:48.364000Z "authenticate,forward" "-" "-" 10.0.0.1:80 200 "-" "-"';
    expect(invoke(parse_aws_alb_log, { value: line })).toMatchObject({
      type: 'https',
      ssl_cipher: 'ECDHE-RSA-AES128-GCM-SHA256',
      ssl_protocol: 'TLSv1.2',
      domain_name: 'www.example.com',
      actions_executed: 'authenticate,forward',
      request_processing_time: 0.086,
      target_port_list: ['10.0.0.1:80'],
      target_status_code_list: ['200'],
      traceability_id: null,
    });
  });

  it('rejects trailing text and non-numeric times', () => {
    const ok = 'http 2018-11-30T22:23:00.186641Z app/x 1.2.3.4:1 - 0.000 0.001 0.000 200 200 34 366 "GET http://x/ HTTP/1.1" "ua" - - arn "t" "-" "-" 0 2018-11-30T22:22:48.364000Z "forward" "-" "-" "-" "-" "-" "-"';
    expect(invoke(parse_aws_alb_log, { value: ok })).toMatchObject({ request_url: 'http://x/' });
    expect(() => invoke(parse_aws_alb_log, { value: ok + ' extra' })).toThrow('Log should be fully consumed');
    expect(() => invoke(parse_aws_alb_log, { value: ok.replace('0.001', '-') })).toThrow('failed to get field `target_processing_time`');
  });
});
