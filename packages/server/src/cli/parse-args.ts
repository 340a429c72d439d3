import { parseArgs } from 'node:util';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import type { PartialConfig } from '../config/schema.js';

export const USAGE = `Usage: sluice standalone start [options]

Options:
  --http-addr HOST:PORT      address to listen on (default 127.0.0.1:4000)
  --data-home DIR            where the store keeps its data (default ./sluice_data)
  -c, --config-file FILE     TOML configuration file
  --user-provider SPEC       static_user_provider:file:<path> or static_user_provider:cmd:<user>=<pwd>,...
  -h, --help                 show this help
`;

export type Command = { kind: 'help' } | { kind: 'start'; configFile?: string; flags: PartialConfig };

/** Parses `sluice standalone start ...`; unknown commands and flags are errors naming them. */
export function parseCommand(argv: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        'http-addr': { type: 'string' },
        'data-home': { type: 'string' },
        'config-file': { type: 'string', short: 'c' },
        'user-provider': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new SluiceError(StatusCode.InvalidArguments, `${(e as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (positionals.join(' ') !== 'standalone start') {
    throw new SluiceError(StatusCode.InvalidArguments, `unknown command '${positionals.join(' ')}'\n\n${USAGE}`);
  }
  const flags: PartialConfig = {};
  if (values['http-addr'] !== undefined) flags.http = { addr: values['http-addr'] };
  if (values['data-home'] !== undefined) flags.storage = { data_home: values['data-home'] };
  if (values['user-provider'] !== undefined) flags.user_provider = values['user-provider'];
  return { kind: 'start', flags, ...(values['config-file'] !== undefined ? { configFile: values['config-file'] } : {}) };
}
