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

  it('prints the version with --version or -V', () => {
    expect(parseCommand(['--version'])).toEqual({ kind: 'version' });
    expect(parseCommand(['-V'])).toEqual({ kind: 'version' });
  });

  it('suggests the flag meant, with balanced quotes', () => {
    const message = (argv: string[]) => {
      try {
        parseCommand(argv);
      } catch (e) {
        return (e as Error).message.split('\n')[0]!;
      }
      throw new Error('expected an error');
    };
    expect(message(['standalone', 'start', '--htp-addr', 'x'])).toBe("unknown option '--htp-addr' (did you mean '--http-addr'?)");
    expect(message(['standalone', 'start', '--data-hom=/d'])).toBe("unknown option '--data-hom' (did you mean '--data-home'?)");
    expect(message(['standalone', 'start', '-x'])).toBe("unknown option '-x'");
    for (const m of [message(['--versoin']), message(['standalone', 'start', '--zzzzzzzz'])]) expect(m.split("'").length % 2).toBe(1);
  });
});
