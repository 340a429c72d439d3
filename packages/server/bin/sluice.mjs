#!/usr/bin/env node
// The `sluice` command. This file is committed (dist/ is not), so npm can link the bin at install
// time, before the build: it loads the built CLI and says how to build it when it is missing.
import { existsSync } from 'node:fs';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('sluice: the server is not built yet (dist/main.js is missing): run `npm run build` in the repository root\n');
  process.exit(1);
}
await import(main.href);
