import { describe, expect, it } from 'vitest';
import { parseCommand } from './parse-args.js';

describe('sluice command line', () => {
  it('parses standalone start with its flags', () => {
    expect(parseCommand(['standalone', 'start', '--http-addr', '0.0.0.0:4001', '--data-home', '/d', '-c', 'f.toml', '--user-provider', 'static_user_provider:cmd:a=b'])).toEqual({
      kind: 'start',
      configFile: 'f.toml',
      flags: { http: { addr: '0.0.0.0:4001' }, storage: { data_home: '/d' }, user_provider: 'static_user_provider:cmd:a=b' },
    });
    expect(parseCommand(['standalone', 'start'])).toEqual({ kind: 'start', flags: {} });
    expect(parseCommand(['--help'])).toEqual({ kind: 'help' });
  });

  it('rejects unknown commands and flags by name', () => {
    expect(() => parseCommand(['cluster', 'start'])).toThrow(/unknown command 'cluster start'/);
    expect(() => parseCommand(['standalone', 'start', '--port', '1'])).toThrow(/--port/);
  });
});
