import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from './build-cli.js';
import { runCrashHarness } from './crash/crash-harness.js';
import { WRITE_PATHS } from './crash/write-paths.js';

/**
 * Crash safety of the real server: SIGKILL at random moments (some during background compaction)
 * while clients write through every write path, restart, every acknowledged row exactly once; then
 * SIGTERM, which must finish the requests in flight. `npm test` runs a short version; `npm run crash`
 * (SLUICE_CRASH_ROUNDS, default there 25) the long one.
 */
const ROUNDS = Number(process.env.SLUICE_CRASH_ROUNDS ?? 3);
const CLIENTS = Number(process.env.SLUICE_CRASH_CLIENTS ?? 4);
const SEED = Number(process.env.SLUICE_CRASH_SEED ?? 18);

describe('crash safety (real server, SIGKILL and SIGTERM)', () => {
  let main: string;
  const dir = mkdtempSync(join(tmpdir(), 'sluice-crash-'));
  beforeAll(async () => {
    main = await buildCli();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`keeps every acknowledged row exactly once over ${ROUNDS} SIGKILL rounds and a SIGTERM`, { timeout: 120_000 + ROUNDS * 40_000 }, async () => {
    const report = await runCrashHarness({
      main,
      dataHome: join(dir, 'data'),
      paths: WRITE_PATHS,
      rounds: ROUNDS,
      clients: CLIENTS,
      seed: SEED,
      log: (l) => process.env.SLUICE_CRASH_VERBOSE && console.log(l),
    });
    console.log(`crash harness: ${JSON.stringify(report)}`);
    expect(report.problems).toEqual([]);
    expect(report.rowsLost).toBe(0);
    expect(report.rowsDuplicated).toBe(0);
    expect(report.sigterm.exitCode).toBe(0);
    // The harness did real work on every path, and the SIGTERM round acknowledged requests while stopping.
    for (const p of Object.values(report.perPath)) expect(p.acknowledged).toBeGreaterThan(0);
    expect(report.maintenancePasses).toBeGreaterThan(0);
  });
});
