import { defineConfig } from 'vite';

// Served by the server under /dashboard/ (absolute base so /dashboard and /dashboard/ both work).
export default defineConfig({
  base: '/dashboard/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false,
  },
  server: { proxy: { '^/(v1|metrics|status|health)': 'http://127.0.0.1:4000' } },
});
