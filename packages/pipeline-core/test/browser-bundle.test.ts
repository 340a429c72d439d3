import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// The library must run in a browser: bundling it for the browser platform fails on any Node
// built-in (`node:fs`, `crypto`, ...) that slips into its sources or dependencies.
describe('browser bundle', () => {
  it('bundles for the browser with no Node built-ins', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    const code = result.outputFiles[0]!.text;
    expect(code).toContain('parsePipeline');
    expect(code).not.toMatch(/from ["']node:/);
  });
});
