// Helpers for benches that start servers in child processes: free ports, readiness, peak memory, disk use.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it returns true (errors count as not yet), or fails after `ms`. */
export async function waitFor(check, ms, what) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The URL a child process prints as `READY <url>` on its stdout once it serves; rejects if it exits first. */
export function readyUrl(child, name) {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /READY (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before it was ready`)));
  });
}

/** A process's peak resident set (VmHWM) in bytes, from /proc. */
export function peakRssOf(pid) {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

/**
 * Samples a process's resident memory every `everyMs` until `stop()`, which returns the peaks in bytes:
 * `hwm` (VmHWM, what `peakRssOf` reports), `anon` (RssAnon: heap, buffers, stacks) and `file` (RssFile:
 * mapped file pages, e.g. LMDB's memory-mapped data file, which count in the RSS while touched but are
 * page cache the kernel can drop). Peaks of anon and file need not coincide; each is the largest sample.
 */
export function rssSampler(pid, everyMs = 100) {
  const peak = { anon: 0, file: 0 };
  const sample = () => {
    try {
      const s = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(s)?.[1] ?? 0) * 1024;
      peak.anon = Math.max(peak.anon, kb('RssAnon'));
      peak.file = Math.max(peak.file, kb('RssFile') + kb('RssShmem'));
    } catch {
      // the process is gone
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { hwm: peakRssOf(pid), ...peak };
    },
  };
}

/** CPU seconds (user + system) of a /proc stat file (a process's, or one thread's: /proc/<pid>/task/<tid>/stat). */
export function statCpuSeconds(path) {
  const stat = readFileSync(path, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

/** CPU seconds a process has used so far (every thread, exited ones included). */
export const cpuSecondsOf = (pid) => statCpuSeconds(`/proc/${pid}/stat`);

/** CPU seconds a process has used so far, undefined once it has exited (or off Linux). */
export function cpuSecondsOrUndefined(pid) {
  try {
    return cpuSecondsOf(pid);
  } catch {
    return undefined;
  }
}

/**
 * Waits until a process is idle (under 0.03 CPU-s in 300 ms, at most 30 s): start-up and warm-up work,
 * such as worker threads loading and compiling, is then not charged to the timed part.
 */
export async function settleCpu(pid) {
  let last = cpuSecondsOrUndefined(pid);
  for (let i = 0; i < 100 && last !== undefined; i++) {
    await new Promise((r) => setTimeout(r, 300));
    const now = cpuSecondsOrUndefined(pid);
    if (now === undefined || now - last < 0.03) return;
    last = now;
  }
}

/** Bytes a directory tree occupies on disk (allocated blocks, so sparse files count what they use). */
export function diskBytes(dir) {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) total += diskBytes(p);
    else if (e.isFile()) total += statSync(p).blocks * 512;
  }
  return total;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))];
};
