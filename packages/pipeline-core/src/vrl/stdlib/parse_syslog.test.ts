import { describe, expect, it } from 'vitest';
import { Timestamp } from '../../value/timestamp.js';
import { parse_syslog } from './parse_syslog.js';
import { utc } from './support/instant.js';
import { invoke } from './support/invoke.js';

const parse = (value: string) => invoke(parse_syslog, { value }, { now: Timestamp.fromMillis(Date.UTC(2024, 5, 1)) });

describe('parse_syslog', () => {
  it('parses RFC 5424 with structured data and nil fields left out', () => {
    expect(parse('<165>1 2003-10-11T22:14:15.003Z mymachine.example.com evntslog - ID47 [exampleSDID@32473 iut="3" eventSource="App\\"x\\]"][other@1 a="b"] An application event')).toEqual({
      facility: 'local4',
      severity: 'notice',
      version: 1,
      timestamp: utc(2003, 9, 11, 22, 14, 15, 3),
      hostname: 'mymachine.example.com',
      appname: 'evntslog',
      msgid: 'ID47',
      'exampleSDID@32473': { iut: '3', eventSource: 'App"x]' },
      'other@1': { a: 'b' },
      message: 'An application event',
    });
  });

  it('parses RFC 5424 without structured data, keeping a non-numeric procid as text', () => {
    const r = parse('<34>1 2003-10-11T22:14:15Z host app proc-7 - - hello world');
    expect(r).toMatchObject({ facility: 'auth', severity: 'crit', procid: 'proc-7', message: 'hello world' });
    expect(r).not.toHaveProperty('msgid');
  });

  it('parses RFC 3164, taking the year from the ingest time', () => {
    expect(parse('<13>Feb  5 17:32:18 10.0.0.99 myapp[1234]: Use the BFG!')).toEqual({
      facility: 'user',
      severity: 'notice',
      timestamp: utc(2024, 1, 5, 17, 32, 18),
      hostname: '10.0.0.99',
      appname: 'myapp',
      procid: 1234,
      message: 'Use the BFG!',
    });
  });

  it('parses RFC 3164 without a pid and without a tag', () => {
    expect(parse('<30>Jun  1 10:00:00 web01 sshd: accepted')).toMatchObject({ hostname: 'web01', appname: 'sshd', message: 'accepted' });
    expect(parse('<30>Jun  1 10:00:00 web01 plain message here')).toMatchObject({ hostname: 'web01', message: 'plain message here' });
  });

  it('rejects text that is not syslog and priorities beyond 191', () => {
    expect(() => parse('hello there')).toThrow('unable to parse input as valid syslog message');
    expect(() => parse('<999>1 2003-10-11T22:14:15Z h a p m - x')).toThrow('unable to parse input as valid syslog message');
  });
});
