import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { SluiceError, StatusCode } from '@sluice/pipeline-core';
import { processAlive, processStartTime } from './process-alive.js';

/** The lock file's name inside the data home. */
export const LOCK_FILE = 'sluice.lock';

/** What the lock file says about the server holding it. */
export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  /** /proc start time of the pid, to tell a pid reused after a crash from the holder. */
  readonly startTime?: string;
  readonly startedAt: string;
  readonly addr?: string;
}

export interface DataHomeLock {
  readonly path: string;
  /** Records the address the server listens on (shown to a second server that finds the lock). */
  setAddr(addr: string): void;
  /** Removes the lock file if it is still ours. */
  release(): void;
}

function readHolder(path: string): LockHolder | undefined {
  try {
    const h = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    return typeof h.pid === 'number' && typeof h.host === 'string' ? (h as LockHolder) : undefined;
  } catch {
    return undefined;
  }
}

function sameHolder(a: LockHolder | undefined, b: LockHolder): boolean {
  return a !== undefined && a.pid === b.pid && a.host === b.host && a.startTime === b.startTime && a.startedAt === b.startedAt;
}

function inUse(dataHome: string, path: string, h: LockHolder): SluiceError {
  return new SluiceError(
    StatusCode.InvalidArguments,
    `data home '${dataHome}' is in use by another Sluice server: pid ${h.pid} on ${h.host}${h.addr ? `, listening on ${h.addr}` : ''}, started ${h.startedAt}. ` +
      `Stop that server first; if no such process runs (a host that was renamed or a copied directory), remove ${path}.`,
  );
}

function lockHandle(path: string, me: LockHolder): DataHomeLock {
  return {
    path,
    setAddr(addr) {
      if (!sameHolder(readHolder(path), me)) return;
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify({ ...me, addr }));
      renameSync(tmp, path);
    },
    release() {
      if (sameHolder(readHolder(path), me)) rmSync(path, { force: true });
    },
  };
}

/**
 * Takes the data home for this process: `<dataHome>/sluice.lock` holds pid, host and start time.
 * The file appears atomically with its contents (written aside, then hard-linked into place, which
 * fails when a lock exists). A lock whose process is gone (SIGKILL, power loss) is stale: it is moved
 * aside and taken over, so a crashed server restarts on the same directory without help.
 */
export function acquireDataHomeLock(dataHome: string, addr?: string): DataHomeLock {
  mkdirSync(dataHome, { recursive: true });
  const path = join(dataHome, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    ...(processStartTime(process.pid) !== undefined ? { startTime: processStartTime(process.pid)! } : {}),
    startedAt: new Date().toISOString(),
    ...(addr !== undefined ? { addr } : {}),
  };
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(me));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(tmp, path);
        return lockHandle(path, me);
      } catch (e) {
        if ((e as { code?: string }).code !== 'EEXIST') throw e;
      }
      const holder = readHolder(path);
      if (holder === undefined) {
        if (!existsSync(path)) continue;
        // Unreadable: not written by this code, or being replaced right now; look again shortly.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        if (attempt >= 2 && existsSync(path) && readHolder(path) === undefined) {
          throw new SluiceError(StatusCode.InvalidArguments, `data home '${dataHome}' has a lock file ${path} that Sluice cannot read; remove it if no server uses this directory`);
        }
        continue;
      }
      if (holder.host !== me.host || processAlive(holder.pid, holder.startTime)) throw inUse(dataHome, path, holder);
      // Stale: move it aside (atomic), then check we moved the stale one and not a lock taken meanwhile.
      const aside = `${path}.stale-${process.pid}`;
      try {
        renameSync(path, aside);
      } catch {
        continue;
      }
      const moved = readHolder(aside);
      if (moved !== undefined && !sameHolder(moved, holder)) {
        // Someone else took the lock between our read and our rename: give it back and stop.
        renameSync(aside, path);
        throw inUse(dataHome, path, moved);
      }
      rmSync(aside, { force: true });
    }
    throw new SluiceError(StatusCode.InvalidArguments, `cannot take the lock ${path}: another server keeps taking it`);
  } finally {
    rmSync(tmp, { force: true });
  }
}
