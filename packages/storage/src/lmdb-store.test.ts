import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openLmdbStore } from './index.js';
import { runStoreCases } from './store.case.test.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

runStoreCases('lmdb', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-store-'));
  dirs.push(dir);
  return openLmdbStore({ dataHome: dir, ttlSweepIntervalMs: 0 });
});
