import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const outdir = fileURLToPath(new URL('./.build/', import.meta.url));

/** Bundles one source entry (workspace packages from their sources, third-party packages external). */
async function bundle(entry: string, outName: string): Promise<string> {
  mkdirSync(outdir, { recursive: true });
  const outfile = `${outdir}${outName}`;
  await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
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

/**
 * `src/main.ts` as test/.build/main.mjs, so the command can run as a child process without a build,
 * with the pipeline and query workers beside it as `pipeline-worker.js` and `query-worker.js` (where the server looks for it, as the
 * package's build lays it out): servers started from it run pipelines on worker threads, as released.
 */
export const buildCli = async (): Promise<string> => {
  const [main] = await Promise.all([
    bundle('../src/main.ts', 'main.mjs'),
    bundle('../src/workers/pipeline-worker.ts', 'pipeline-worker.js'),
    bundle('../src/workers/query-worker.ts', 'query-worker.js'),
  ]);
  return main;
};

/** The query worker as test/.build/query-worker.mjs (bundled once per test process). */
let queryWorker: Promise<string> | undefined;
export const buildQueryWorker = (): Promise<string> => (queryWorker ??= bundle('../src/workers/query-worker.ts', 'query-worker.mjs'));

/** The pipeline worker as test/.build/pipeline-worker.mjs (worker threads cannot load TypeScript). */
export const buildPipelineWorker = () => bundle('../src/workers/pipeline-worker.ts', 'pipeline-worker.mjs');
