import { defineConfig } from 'vitest/config';

// Unit tests of the page's pure parts (no DOM); the page itself is tested in a real browser by
// packages/server/test/dashboard.e2e.test.ts.
export default defineConfig({ test: { include: ['src/**/*.test.ts'] } });
