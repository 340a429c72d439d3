import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, acquireDataHomeLock } from './data-home-lock.js';
import { processStartTime } from './process-alive.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'sluice-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The pid of a process that has exited (so the pid names no live process, unless reused). */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('acquireDataHomeLock', () => {
  it('refuses a second holder, naming the process that holds the lock', () => {
    const dir = tempDir();
    const lock = acquireDataHomeLock(dir, '127.0.0.1:4000');
    lock.setAddr('127.0.0.1:4321');
    expect(() => acquireDataHomeLock(dir)).toThrow(new RegExp(`in use by another Sluice server: pid ${process.pid} on .*listening on 127\\.0\\.0\\.1:4321`));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    acquireDataHomeLock(dir).release();
  });

  it('takes over a stale lock left by a process that is gone (SIGKILL)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), host: hostname(), startedAt: '2020-01-01T00:00:00Z' }));
    const lock = acquireDataHomeLock(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('treats a live pid with another start time as reused, hence stale', () => {
    const dir = tempDir();
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, host: hostname(), startTime: '1', startedAt: '2020-01-01T00:00:00Z' }));
    acquireDataHomeLock(dir).release();
  });

  it('does not release a lock another holder took over', () => {
    const dir = tempDir();
    const lock = acquireDataHomeLock(dir);
    const other = { pid: 1, host: hostname(), startedAt: 'later' };
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(other));
    lock.release();
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toEqual(other);
  });

  it('refuses a lock file it cannot read rather than guessing', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), 'not json');
    expect(() => acquireDataHomeLock(dir)).toThrow(/cannot read; remove it/);
  });
});
