import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';
import { parseGoLog } from './support/klog.js';

export const parse_klog = defineVrlFunction({
  name: 'parse_klog',
  summary: 'Parses a Kubernetes klog line (`I0505 17:59:40.692994 28133 klog.go:70] message`) into `level`, `timestamp` (current year, UTC), `id`, `file`, `line` and `message`.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['object'],
  fallible: true,
  examples: [
    {
      title: 'Parse using klog',
      source: 'r = parse_klog!("I0505 17:59:40.692994   28133 klog.go:70] hello from klog")\n[r.level, r.id, r.file, r.line, r.message, format_timestamp!(r.timestamp, "%m-%d %H:%M:%S%.6f")]',
      result: ['info', 28133, 'klog.go', 70, 'hello from klog', '05-05 17:59:40.692994'],
    },
    { title: 'Not klog', source: 'parse_klog!("hello")', result: { error: 'failed parsing klog log line' } },
  ],
  call: (args, ctx) => parseGoLog(str(args, 'value'), false, ctx.now, 'klog'),
});
