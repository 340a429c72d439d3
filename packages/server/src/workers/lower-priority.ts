// Called by each worker thread once it has loaded its libraries (at the main thread's priority, so a
// first query does not wait behind other processes): from then on the worker runs WORKER_NICE nice
// levels below the main thread, so the thread that answers every HTTP request (health checks, ingest
// commits, handing work to workers) gets a core first when threads outnumber cores; the workers share
// what is left, the OS time-slicing them fairly among themselves.
import { getPriority, setPriority } from 'node:os';

/** How many nice levels worker threads run below the main thread. */
export const WORKER_NICE = 5;

/**
 * Lowers the calling thread's priority by `by` nice levels; true when done. Linux only: there
 * setpriority(2) on the calling thread's id 0 changes that thread alone, elsewhere the whole process.
 */
export function lowerThreadPriority(by = WORKER_NICE): boolean {
  if (process.platform !== 'linux') return false;
  try {
    setPriority(0, Math.min(19, getPriority(0) + by));
    return true;
  } catch {
    return false; // not permitted here (a sandbox): run at the main thread's priority
  }
}
