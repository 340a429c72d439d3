import { execSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { defineConfig } from 'tsup';

function git(cmd: string): string {
  try {
    return execSync(`git ${cmd}`, { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'unknown';
  }
}

export default defineConfig({
  // The workers land beside the server's chunk as dist/pipeline-worker.js and dist/query-worker.js (startServer looks for them there).
  entry: { index: 'src/index.ts', main: 'src/main.ts', 'pipeline-worker': 'src/workers/pipeline-worker.ts', 'query-worker': 'src/workers/query-worker.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  tsconfig: 'tsconfig.build.json',
  target: 'node20',
  // What /status reports, fixed at build time.
  env: {
    SLUICE_COMMIT: git('rev-parse HEAD'),
    SLUICE_SOURCE_TIME: git('log -1 --format=%cI'),
  },
  // The dashboard's build (packages/dashboard/dist, empty when SLUICE_BUILD_DASHBOARD=0) lands in dist/dashboard.
  onSuccess: async () => {
    rmSync('dist/dashboard', { recursive: true, force: true });
    if (existsSync('../dashboard/dist/index.html')) cpSync('../dashboard/dist', 'dist/dashboard', { recursive: true });
  },
});
