import { Timestamp } from '../../value/timestamp.js';
import { defineVrlFunction } from './function.js';
import { str } from './support/args.js';
import { parseSyslog } from './support/syslog.js';

export const parse_syslog = defineVrlFunction({
  name: 'parse_syslog',
  summary:
    'Parses a syslog line, RFC 5424 or RFC 3164 (BSD), into `facility`, `severity`, `version`, `timestamp`, `hostname`, `appname`, `procid`, `msgid`, `message` and one object per structured-data element. Fields that are absent or `-` are left out; a BSD time without a year takes the current year (UTC).',
  params: [{ name: 'value', kinds: ['bytes'], required: true }],
  returns: ['object'],
  fallible: true,
  examples: [
    {
      title: 'Parse Syslog log (5424)',
      source:
        "parse_syslog!(s'<13>1 2020-03-13T20:45:38.119Z dynamicwireless.name non 2426 ID931 [exampleSDID@32473 iut=\"3\" eventSource= \"Application\" eventID=\"1011\"] Try to override the THX port, maybe it will reboot the neural interface!')",
      result: {
        severity: 'notice',
        facility: 'user',
        timestamp: Timestamp.fromMillis(Date.UTC(2020, 2, 13, 20, 45, 38, 119)),
        hostname: 'dynamicwireless.name',
        appname: 'non',
        procid: 2426,
        msgid: 'ID931',
        message: 'Try to override the THX port, maybe it will reboot the neural interface!',
        'exampleSDID@32473': { eventID: '1011', eventSource: 'Application', iut: '3' },
        version: 1,
      },
    },
    {
      title: 'Parse Syslog log (3164) with a year',
      source: "parse_syslog!(s'<34>Oct 11 2022 22:14:15 mymachine su[230]: su root failed for lonvick on /dev/pts/8')",
      result: {
        facility: 'auth',
        severity: 'crit',
        timestamp: Timestamp.fromMillis(Date.UTC(2022, 9, 11, 22, 14, 15)),
        hostname: 'mymachine',
        appname: 'su',
        procid: 230,
        message: 'su root failed for lonvick on /dev/pts/8',
      },
    },
    { title: 'Not syslog', source: 'parse_syslog!("just text")', result: { error: 'unable to parse input as valid syslog message' } },
  ],
  call: (args, ctx) => parseSyslog(str(args, 'value'), ctx.now),
});
