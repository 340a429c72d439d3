import { describe, expect, it } from 'vitest';
import { parse_common_log } from './parse_common_log.js';
import { utc } from './support/instant.js';
import { invoke } from './support/invoke.js';

describe('parse_common_log', () => {
  it('leaves out `-` fields and converts status and size to integers', () => {
    expect(invoke(parse_common_log, { value: '10.1.1.1 - - [10/Oct/2000:13:55:36 +0000] "POST /a%20b HTTP/1.1" 404 -' })).toEqual({
      host: '10.1.1.1',
      timestamp: utc(2000, 9, 10, 13, 55, 36),
      message: 'POST /a%20b HTTP/1.1',
      method: 'POST',
      path: '/a%20b',
      protocol: 'HTTP/1.1',
      status: 404,
    });
  });

  it('keeps a request that is not `method path protocol` as the message only', () => {
    expect(invoke(parse_common_log, { value: '1.2.3.4 - - [10/Oct/2000:13:55:36 +0000] "garbage" 400 0' })).toMatchObject({ message: 'garbage', status: 400, size: 0 });
  });

  it('reads the time with a custom format and reports a time that does not match it', () => {
    const line = '1.2.3.4 - - [2000-10-10 13:55:36] "GET / HTTP/1.0" 200 1';
    expect(invoke(parse_common_log, { value: line, timestamp_format: '%Y-%m-%d %H:%M:%S' })).toMatchObject({ timestamp: utc(2000, 9, 10, 13, 55, 36) });
    expect(() => invoke(parse_common_log, { value: line })).toThrow('unable to parse timestamp');
  });

  it('rejects lines that are not in the format', () => {
    expect(() => invoke(parse_common_log, { value: '1.2.3.4 [x] "GET /" two three' })).toThrow('failed parsing common log line');
  });
});
