import { readFileSync } from 'node:fs';

/** The kernel's start time of a process (clock ticks since boot, /proc/<pid>/stat field 22), when /proc has it. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may itself hold spaces or ')'.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return rest[19];
  } catch {
    return undefined;
  }
}

/**
 * Whether the process that wrote a lock still runs. A pid alone is not enough after a crash: the
 * kernel may have given it to another process, so the start time recorded with it must match too.
 */
export function processAlive(pid: number, startTime: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    if ((e as { code?: string }).code !== 'EPERM') return false;
  }
  if (startTime === undefined) return true;
  const now = processStartTime(pid);
  return now === undefined || now === startTime;
}
