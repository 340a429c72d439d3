import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** What `/status` reports about this build and host. */
export interface BuildInfo {
  readonly version: string;
  readonly commit: string;
  readonly hostname: string;
  readonly source_time: string;
  readonly node_version: string;
}

function packageVersion(): string {
  for (const rel of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@sluice/server' && pkg.version) return pkg.version;
    } catch {
      // try the next location (sources vs dist)
    }
  }
  return 'unknown';
}

/** Version from package.json; commit and source time from SLUICE_COMMIT / SLUICE_SOURCE_TIME set by the build. */
export function buildInfo(): BuildInfo {
  return {
    version: packageVersion(),
    commit: process.env.SLUICE_COMMIT ?? 'unknown',
    hostname: hostname(),
    source_time: process.env.SLUICE_SOURCE_TIME ?? 'unknown',
    node_version: process.version,
  };
}
