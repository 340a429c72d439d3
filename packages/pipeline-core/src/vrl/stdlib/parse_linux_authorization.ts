import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';
import { utc } from './support/instant.js';
import { parseSyslog } from './support/syslog.js';

export const parse_linux_authorization = defineVrlFunction({
  name: 'parse_linux_authorization',
  summary:
    'Parses a Linux authorization log line (`/var/log/auth.log`, BSD syslog without a priority) into `timestamp` (current year unless given), `hostname`, `appname`, `procid` and `message`.',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['object'],
  fallible: true,
  examples: [
    {
      title: 'Parse Linux authorization event',
      source: "parse_linux_authorization!(s'Mar 23 2023 01:49:58 localhost sshd[1111]: Accepted publickey for eng from 10.1.1.1 port 8888 ssh2: RSA SHA256:foobar')",
      result: {
        appname: 'sshd',
        hostname: 'localhost',
        message: 'Accepted publickey for eng from 10.1.1.1 port 8888 ssh2: RSA SHA256:foobar',
        procid: 1111,
        timestamp: utc(2023, 2, 23, 1, 49, 58),
      },
    },
    { title: 'Not an authorization log line', source: 'parse_linux_authorization!("hello")', result: { error: 'unable to parse input as valid syslog message' } },
  ],
  call: (args, ctx) => parseSyslog(str(args, 'value'), ctx.now),
});
