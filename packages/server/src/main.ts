#!/usr/bin/env node
import { parseCommand, USAGE } from './cli/parse-args.js';
import { startServer } from './server.js';
import { buildInfo } from './build-info.js';

/** The `sluice` command: a thin wrapper over startServer with graceful SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const cmd = parseCommand(process.argv.slice(2), process.env);
  // Child processes (none today) must not inherit the passwords.
  delete process.env.SLUICE_USER_PROVIDER;
  if (cmd.kind === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (cmd.kind === 'version') {
    const b = buildInfo();
    process.stdout.write(`sluice ${b.version} (commit ${b.commit}, built ${b.source_time}, node ${b.node_version})\n`);
    return;
  }
  const server = await startServer({ ...(cmd.configFile !== undefined ? { configFile: cmd.configFile } : {}), config: cmd.flags });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      process.stderr.write(`second ${signal}: exiting now\n`);
      process.exit(1);
    }
    stopping = true;
    process.stderr.write(`${signal}: finishing requests in flight, then closing the store (send ${signal} again to exit at once)\n`);
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`error while stopping: ${e instanceof Error ? e.message : String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((e: unknown) => {
  process.stderr.write(`sluice: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
