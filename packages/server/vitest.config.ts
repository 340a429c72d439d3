import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests run on the workspace packages' sources, so a package's tests never wait for another's build.
const src = (pkg: string) => fileURLToPath(new URL(`../${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@sluice/pipeline-core': src('pipeline-core'),
      '@sluice/storage-clickhouse': src('storage-clickhouse'),
      '@sluice/storage/encode': fileURLToPath(new URL('../storage/src/encode.ts', import.meta.url)),
      '@sluice/storage': src('storage'),
      '@sluice/query': src('query'),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
