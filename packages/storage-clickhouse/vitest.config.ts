import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// Tests run on the workspace packages' sources, so a package's tests never wait for another's build.
const src = (pkg: string, file = 'index.ts') => fileURLToPath(new URL(`../${pkg}/src/${file}`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@sluice/pipeline-core': src('pipeline-core'),
      // The shared Store contract suite (a test module of @sluice/storage), run here against ClickHouse.
      '@sluice/storage/contract': src('storage', 'store.case.test.ts'),
      '@sluice/storage': src('storage'),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, '**/*.case.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One ClickHouse server per test file; files run one after another on this 2-core box.
    fileParallelism: false,
  },
});
