import { Session } from 'node:inspector/promises';
import { getHeapSnapshot } from 'node:v8';
import { Readable } from 'node:stream';
import { StatusCode } from '@sluice/pipeline-core';
import { HttpRequestError } from '../errors.js';
import type { CpuProfile } from './cpuprofile.js';

let busy = false;

/** Samples this process's CPU for `seconds` through the inspector (one profile at a time). */
export async function captureCpuProfile(seconds: number, intervalUs = 1000): Promise<CpuProfile> {
  if (busy) throw new HttpRequestError(StatusCode.IllegalState, 409, 'a CPU profile is already being taken');
  busy = true;
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
    await session.post('Profiler.start');
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const { profile } = await session.post('Profiler.stop');
    return profile as unknown as CpuProfile;
  } finally {
    session.disconnect();
    busy = false;
  }
}

/** A V8 heap snapshot (`.heapsnapshot` JSON, opened by Chrome DevTools' Memory tab) as a web stream. */
export function heapSnapshotStream(): ReadableStream<Uint8Array> {
  return Readable.toWeb(getHeapSnapshot()) as unknown as ReadableStream<Uint8Array>;
}
