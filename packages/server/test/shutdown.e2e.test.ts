import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCli } from './build-cli.js';
import { startSluice, type SluiceProcess } from './support/sluice-process.js';

/** Resolves once the server holds `n` requests besides the scrape that asks (sluice_http_requests_in_flight). */
async function inFlight(s: SluiceProcess, n: number): Promise<void> {
  await vi.waitFor(async () => expect(await (await fetch(`${s.url}/metrics`)).text()).toMatch(new RegExp(`^sluice_http_requests_in_flight ${n + 1}$`, 'm')), {
    timeout: 20_000,
    interval: 20,
  });
}

describe('stopping the real server: SIGTERM, a second SIGTERM, and the data-home lock', { timeout: 90_000 }, () => {
  let main: string;
  const dir = mkdtempSync(join(tmpdir(), 'sluice-stop-'));
  beforeAll(async () => {
    main = await buildCli();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('SIGTERM finishes the requests in flight, closes the store and releases the lock', async () => {
    const home = join(dir, 'graceful');
    const s = await startSluice({ main, dataHome: home });
    expect(existsSync(join(home, 'sluice.lock'))).toBe(true);
    const slow = fetch(`${s.url}/debug/prof/cpu?seconds=2&output=text`, { method: 'POST' });
    await inFlight(s, 1);
    s.child.kill('SIGTERM');
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^CPU profile/);
    expect((await s.exited).code).toBe(0);
    expect(s.output()).toContain('sluice stopped');
    expect(existsSync(join(home, 'sluice.lock'))).toBe(false);
  });

  it('a second SIGTERM exits at once, without waiting for the request in flight; the next start takes the stale lock over', async () => {
    const home = join(dir, 'impatient');
    const s = await startSluice({ main, dataHome: home });
    const slow = fetch(`${s.url}/debug/prof/cpu?seconds=60&output=text`, { method: 'POST' }).then(
      (r) => r.status,
      (e: Error) => e.message,
    );
    await inFlight(s, 1);
    s.child.kill('SIGTERM');
    await vi.waitFor(() => expect(s.output()).toContain('SIGTERM: finishing requests in flight'), { timeout: 10_000, interval: 20 });
    s.child.kill('SIGTERM');
    expect((await s.exited).code).toBe(1);
    expect(s.output()).toContain('second SIGTERM: exiting now');
    // The 60 s profile never finished: its connection went away with the process.
    expect(await slow).toMatch(/fetch failed|other side closed/);
    const again = await startSluice({ main, dataHome: home });
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  });

  it('a second server on the same data home refuses to start, naming the process that holds it', async () => {
    const home = join(dir, 'shared');
    const first = await startSluice({ main, dataHome: home });
    try {
      await expect(startSluice({ main, dataHome: home })).rejects.toThrow(
        new RegExp(`exited before listening:[\\s\\S]*data home '${home}' is in use by another Sluice server: pid ${first.child.pid} on .*listening on ${first.url.replace('http://', '').replace(/\./g, '\\.')}`),
      );
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });
});
