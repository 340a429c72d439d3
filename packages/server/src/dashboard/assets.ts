import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** One file of the dashboard's build, held in memory with its gzip form when that is smaller. */
export interface DashboardAsset {
  readonly body: Uint8Array;
  /** Set by gzipDashboardAssets when the gzip form is smaller; until then the plain body is served. */
  gzip: Uint8Array | undefined;
  readonly contentType: string;
  /** Vite names files under assets/ by content hash: those may be cached for good. */
  readonly immutable: boolean;
}

/** The dashboard's files by path below `/dashboard/` (`index.html`, `assets/index-abc123.js`, ...). */
export type DashboardAssets = ReadonlyMap<string, DashboardAsset>;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
}

/**
 * Loads the built dashboard from `dir` (the server's `dist/dashboard/`, copied there by its build).
 * Undefined when the build left it out (no `index.html`): then `/dashboard` answers 404.
 * Files are read once at start, so a request never touches the file system (no path to traverse).
 */
export function loadDashboardAssets(dir: string): DashboardAssets | undefined {
  if (!existsSync(join(dir, 'index.html'))) return undefined;
  const files: string[] = [];
  walk(dir, files);
  const assets = new Map<string, DashboardAsset>();
  for (const file of files) {
    const path = relative(dir, file).split(sep).join('/');
    const body = readFileSync(file);
    const contentType = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    assets.set(path, { body, gzip: undefined, contentType, immutable: path.startsWith('assets/') });
  }
  return assets;
}

/**
 * Compresses the text assets on libuv's thread pool (gzip level 9 of the 1.3 MB build costs the main
 * thread about half a second of CPU at start, while /health waits); each asset is served gzipped once
 * its compression is done, plain before.
 */
export async function gzipDashboardAssets(assets: DashboardAssets): Promise<void> {
  await Promise.all(
    [...assets.values()].map(async (a) => {
      if (!/^(text\/|image\/svg|application\/json)/.test(a.contentType) || a.body.length <= 1024) return;
      const gz = await gzipAsync(a.body, { level: 9 });
      if (gz.length < a.body.length) a.gzip = gz;
    }),
  );
}
