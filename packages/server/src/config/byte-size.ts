import { SluiceError, StatusCode } from '@sluice/pipeline-core';

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12,
  kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3, tib: 1024 ** 4,
  k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4,
};

/** Parses `64MiB`, `10MB`, `512KiB`, `1024` (bytes) into a byte count. */
export function parseByteSize(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(text);
  const unit = m ? UNITS[(m[2] || 'b').toLowerCase()] : undefined;
  if (!m || unit === undefined) {
    throw new SluiceError(StatusCode.InvalidArguments, `invalid byte size '${text}' (expected a number with an optional unit such as 64MiB, 10MB, 512KiB)`);
  }
  return Math.floor(Number(m[1]) * unit);
}
