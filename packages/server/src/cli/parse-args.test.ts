import { describe, expect, it } from 'vitest';
import { parseCommand } from './parse-args.js';

describe('sluice command line', () => {
  it('parses standalone start with its flags', () => {
    expect(parseCommand(['standalone', 'start', '--http-addr', '0.0.0.0:4001', '--data-home', '/d', '-c', 'f.toml', '--user-provider', 'static_user_provider:file:/u'])).toEqual({
      kind: 'start',
      configFile: 'f.toml',
      flags: { http: { addr: '0.0.0.0:4001' }, storage: { data_home: '/d' }, user_provider: 'static_user_provider:file:/u' },
    });
    expect(parseCommand(['standalone', 'start'])).toEqual({ kind: 'start', flags: {} });
    expect(parseCommand(['--help'])).toEqual({ kind: 'help' });
  });

  it('never takes a password on the command line: cmd: comes from the environment or the config file', () => {
    expect(() => parseCommand(['standalone', 'start', '--user-provider', 'static_user_provider:cmd:a=b'])).toThrow(/would put passwords on the command line.*SLUICE_USER_PROVIDER/);
    expect(parseCommand(['standalone', 'start'], { SLUICE_USER_PROVIDER: 'static_user_provider:cmd:a=b' })).toEqual({
      kind: 'start',
      flags: { user_provider: 'static_user_provider:cmd:a=b' },
    });
  });

  it('rejects unknown commands and flags by name', () => {
    expect(() => parseCommand(['cluster', 'start'])).toThrow(/unknown command 'cluster start'/);
    expect(() => parseCommand(['standalone', 'start', '--port', '1'])).toThrow(/--port/);
  });
});
