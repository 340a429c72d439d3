import { Timestamp } from '../../value/timestamp.js';
import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';
import { parseGoLog } from './support/klog.js';

export const parse_glog = defineVrlFunction({
  name: 'parse_glog',
  summary: 'Parses a glog line (`I20210131 14:48:54.411655 15520 main.c++:9] message`) into `level`, `timestamp` (UTC), `id`, `file`, `line` and `message`.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['object'],
  fallible: true,
  examples: [
    {
      title: 'Parse using glog',
      source: 'parse_glog!("I20210131 14:48:54.411655 15520 main.c++:9] Hello world!")',
      result: { level: 'info', timestamp: new Timestamp(1_612_104_534_411_655_000n), id: 15520, file: 'main.c++', line: 9, message: 'Hello world!' },
    },
    { title: 'Not glog', source: 'parse_glog!("I0505 17:59:40 1 a.go:1] klog, not glog")', result: { error: 'failed parsing glog log line' } },
  ],
  call: (args, ctx) => parseGoLog(str(args, 'value'), true, ctx.now, 'glog'),
});
