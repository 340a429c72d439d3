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
  // `npm run dev`: Vite's dev server, the API proxied to a running server (SLUICE_URL, default 127.0.0.1:4000).
  server: { proxy: { '^/(v1|metrics|status|health)': process.env.SLUICE_URL ?? 'http://127.0.0.1:4000' } },
});
