import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/encode.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  tsconfig: 'tsconfig.build.json',
  target: 'node20',
});
