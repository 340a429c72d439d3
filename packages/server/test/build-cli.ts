import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Bundles `src/main.ts` (and the workspace packages from their sources) into test/.build/main.mjs,
 * third-party packages left external, so the command can be run as a child process without a build.
 */
export async function buildCli(): Promise<string> {
  const outdir = fileURLToPath(new URL('./.build/', import.meta.url));
  mkdirSync(outdir, { recursive: true });
  const outfile = `${outdir}main.mjs`;
  await build({
    entryPoints: [fileURLToPath(new URL('../src/main.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    logLevel: 'error',
    plugins: [
      {
        name: 'externals',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@sluice/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  return outfile;
}
