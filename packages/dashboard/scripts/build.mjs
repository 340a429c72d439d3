// Builds the dashboard into dist/ with Vite. SLUICE_BUILD_DASHBOARD=0 (or off/false/no) leaves it out:
// dist/ is emptied, the server's build then copies nothing and /dashboard answers 404.
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const flag = (process.env.SLUICE_BUILD_DASHBOARD ?? '').trim().toLowerCase();
if (['0', 'off', 'false', 'no'].includes(flag)) {
  rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
  mkdirSync(new URL('../dist', import.meta.url));
  console.log('dashboard: left out of this build (SLUICE_BUILD_DASHBOARD=' + flag + ')');
} else {
  const { build } = await import('vite');
  await build({ root, configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)), logLevel: 'warn' });
}
