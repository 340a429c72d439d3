// Runs every bench/*.bench.mjs in its own process (so each reports its own peak memory), in name order.
// Each bench prints its figures; pass a name fragment to run a subset: `npm run bench -- storage`.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const filter = process.argv[2] ?? '';
const files = readdirSync(new URL('.', import.meta.url)).filter((f) => f.endsWith('.bench.mjs') && f.includes(filter)).sort();
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, ['--expose-gc', new URL(f, import.meta.url).pathname], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
