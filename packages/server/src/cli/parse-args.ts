import { parseArgs } from 'node:util';
import { SluiceError, StatusCode, didYouMean } from '@sluice/pipeline-core';
import type { PartialConfig } from '../config/schema.js';

export const USAGE = `Usage: sluice standalone start [options]

Options:
  --http-addr HOST:PORT      address to listen on (default 127.0.0.1:4000)
  --data-home DIR            where the store keeps its data (default ./sluice_data)
  -c, --config-file FILE     TOML configuration file
  --user-provider SPEC       static_user_provider:file:<path> (users and passwords in a file)
  -h, --help                 show this help
  -V, --version              print the version and the commit it was built from

Environment:
  SLUICE_USER_PROVIDER       a user provider, e.g. static_user_provider:cmd:<user>=<pwd>,... (the config
                             file's user_provider works too; a password never goes on the command line)
`;

export type Command = { kind: 'help' } | { kind: 'version' } | { kind: 'start'; configFile?: string; flags: PartialConfig };

const OPTIONS = {
  'http-addr': { type: 'string' },
  'data-home': { type: 'string' },
  'config-file': { type: 'string', short: 'c' },
  'user-provider': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

/** `--name` of every option, for "did you mean". */
const FLAG_NAMES = Object.keys(OPTIONS).map((n) => `--${n}`);

/**
 * The first argument that is not a known flag, said our way: Node's parseArgs message for an unknown
 * option ("... as in '-- \"--x\"") is long and its quoting unbalanced.
 */
function unknownFlagMessage(argv: readonly string[]): string | undefined {
  for (const arg of argv) {
    if (arg === '--') return undefined;
    if (!arg.startsWith('-') || arg === '-') continue;
    const name = arg.startsWith('--') ? `--${arg.slice(2).split('=')[0]}` : arg.slice(0, 2);
    const known = arg.startsWith('--')
      ? FLAG_NAMES.includes(name)
      : Object.values(OPTIONS).some((o) => 'short' in o && `-${o.short}` === name);
    if (!known) return `unknown option '${name}'${didYouMean(name, FLAG_NAMES)}`;
  }
  return undefined;
}

/**
 * Parses `sluice standalone start ...`; unknown commands and flags are errors naming them.
 * `SLUICE_USER_PROVIDER` in `env` sets the user provider when no flag does.
 */
export function parseCommand(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: OPTIONS,
    });
  } catch (e) {
    throw new SluiceError(StatusCode.InvalidArguments, `${unknownFlagMessage(argv) ?? (e as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  if (positionals.join(' ') !== 'standalone start') {
    throw new SluiceError(StatusCode.InvalidArguments, `unknown command '${positionals.join(' ')}'\n\n${USAGE}`);
  }
  const flags: PartialConfig = {};
  if (values['http-addr'] !== undefined) flags.http = { addr: values['http-addr'] };
  if (values['data-home'] !== undefined) flags.storage = { data_home: values['data-home'] };
  if (values['user-provider'] !== undefined) {
    if (/^\s*static_user_provider:cmd:/.test(values['user-provider'])) {
      throw new SluiceError(
        StatusCode.InvalidArguments,
        '--user-provider static_user_provider:cmd:... would put passwords on the command line, where every user of this machine can read them (ps, /proc/<pid>/cmdline). ' +
          'Use --user-provider static_user_provider:file:<path>, the config file\'s user_provider, or the environment variable SLUICE_USER_PROVIDER.',
      );
    }
    flags.user_provider = values['user-provider'];
  } else if (env.SLUICE_USER_PROVIDER) {
    flags.user_provider = env.SLUICE_USER_PROVIDER;
  }
  return { kind: 'start', flags, ...(values['config-file'] !== undefined ? { configFile: values['config-file'] } : {}) };
}
