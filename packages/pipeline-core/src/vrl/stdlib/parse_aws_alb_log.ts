import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';
import { parseAlbLog } from './support/alb.js';

export const parse_aws_alb_log = defineVrlFunction({
  name: 'parse_aws_alb_log',
  summary:
    'Parses an AWS Application Load Balancer access-log line into its fields (`type`, `timestamp`, `elb`, `client_host`, ... `traceability_id`); `-` is null, byte counts are integers, processing times floats.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['object'],
  fallible: true,
  examples: [
    {
      title: 'Parse AWS ALB log',
      source:
        "parse_aws_alb_log!(s'http 2018-11-30T22:23:00.186641Z app/my-loadbalancer/50dc6c495c0c9188 192.168.131.39:2817 - 0.000 0.001 0.000 200 200 34 366 \"GET http://www.example.com:80/ HTTP/1.1\" \"curl/7.46.0\" - - arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/my-targets/73e2d6bc24d8a067 \"Root=1-58337364-23a8c76965a2ef7629b185e3\" \"-\" \"-\" 0 2018-11-30T22:22:48.364000Z \"forward\" \"-\" \"-\" \"-\" \"-\" \"-\" \"-\" TID_dc57cebed65b444ebc8177bb698fe166')",
      result: {
        actions_executed: 'forward', chosen_cert_arn: null, classification: null, classification_reason: null, client_host: '192.168.131.39:2817',
        domain_name: null, elb: 'app/my-loadbalancer/50dc6c495c0c9188', elb_status_code: '200', error_reason: null, matched_rule_priority: '0',
        received_bytes: 34, redirect_url: null, request_creation_time: '2018-11-30T22:22:48.364000Z', request_method: 'GET', request_processing_time: 0,
        request_protocol: 'HTTP/1.1', request_url: 'http://www.example.com:80/', response_processing_time: 0, sent_bytes: 366, ssl_cipher: null,
        ssl_protocol: null, target_group_arn: 'arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/my-targets/73e2d6bc24d8a067',
        target_host: null, target_port_list: [], target_processing_time: 0.001, target_status_code: '200', target_status_code_list: [],
        timestamp: '2018-11-30T22:23:00.186641Z', trace_id: 'Root=1-58337364-23a8c76965a2ef7629b185e3', type: 'http', user_agent: 'curl/7.46.0',
        traceability_id: 'TID_dc57cebed65b444ebc8177bb698fe166',
      },
    },
    { title: 'Truncated line', source: 'parse_aws_alb_log!("http 2018-11-30T22:23:00.186641Z")', result: { error: 'failed to get field `elb`' } },
  ],
  call: (args) => parseAlbLog(str(args, 'value')),
});
