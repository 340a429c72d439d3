import type { StoreEnv } from '../env.js';
import { InvalidRequestError } from '../errors.js';
import type { PipelineStore, StoredPipeline } from '../store.js';
import { VersionClock } from './pipeline-version.js';

const HIGH = '\uffff';
/** Bytes of a pipeline name at most: the key [name, version] must stay under LMDB's 1978-byte key limit. */
const NAME_MAX_BYTES = 1024;
/** Names whose latest version is remembered at most (past it the memory starts over). */
const MAX_CACHED_NAMES = 1024;

function checkName(name: string): void {
  if (typeof name !== 'string' || name === '' || name.includes('\u0000') || Buffer.byteLength(name) > NAME_MAX_BYTES) {
    const shown = typeof name === 'string' && name.length > 64 ? `${JSON.stringify(name.slice(0, 64))}… (${Buffer.byteLength(name)} bytes)` : JSON.stringify(name);
    throw new InvalidRequestError(`invalid pipeline name ${shown}: expected 1 to ${NAME_MAX_BYTES} bytes without NUL`);
  }
}

/** Pipelines in the `pipelines` database, keyed by [name, version]; versions sort by time. */
export class LmdbPipelineStore implements PipelineStore {
  private readonly clock: VersionClock;
  /**
   * The latest version of each name looked up (null: none), so an ingest request does not open a cursor
   * for it; this class is the only writer of the pipelines database, and put/delete forget the name.
   */
  private readonly latest = new Map<string, StoredPipeline | null>();

  constructor(private readonly env: StoreEnv, nowMs?: () => number) {
    this.clock = new VersionClock(nowMs);
    for (const key of env.pipelines.getKeys({})) this.clock.observe(key[1]);
  }

  async put(name: string, yaml: string): Promise<StoredPipeline> {
    checkName(name);
    if (typeof yaml !== 'string') throw new InvalidRequestError(`pipeline ${name}: the YAML text must be a string`);
    const version = this.clock.next();
    this.latest.delete(name);
    try {
      await this.env.pipelines.put([name, version], yaml);
      await this.env.root.flushed;
    } finally {
      // (A lookup while the put was in flight may have cached the version before it.)
      this.latest.delete(name);
    }
    return { name, version, yaml };
  }

  get(name: string, version?: string): StoredPipeline | undefined {
    checkName(name);
    if (version !== undefined) {
      if (Buffer.byteLength(version) > NAME_MAX_BYTES) return undefined;
      const yaml = this.env.pipelines.get([name, version]);
      return yaml === undefined ? undefined : { name, version, yaml };
    }
    const cached = this.latest.get(name);
    if (cached !== undefined) return cached ?? undefined;
    let found: StoredPipeline | undefined;
    for (const { key, value } of this.env.pipelines.getRange({ start: [name, HIGH], end: [name], reverse: true, limit: 1 })) {
      if (key[0] === name) found = { name, version: key[1], yaml: value };
    }
    if (this.latest.size >= MAX_CACHED_NAMES) this.latest.clear();
    this.latest.set(name, found ?? null);
    return found;
  }

  list(name?: string): StoredPipeline[] {
    if (name !== undefined) checkName(name);
    const range = name === undefined ? this.env.pipelines.getRange({}) : this.env.pipelines.getRange({ start: [name], end: [name, HIGH] });
    const out: StoredPipeline[] = [];
    for (const { key, value } of range) if (name === undefined || key[0] === name) out.push({ name: key[0], version: key[1], yaml: value });
    return out.sort((a, b) => (a.name === b.name ? (a.version < b.version ? 1 : -1) : a.name < b.name ? -1 : 1));
  }

  async delete(name: string, version: string): Promise<boolean> {
    checkName(name);
    this.latest.delete(name);
    try {
      const done = await this.env.root.childTransaction(() =>
        this.env.pipelines.get([name, version]) === undefined ? false : this.env.pipelines.removeSync([name, version]),
      );
      await this.env.root.flushed;
      return done;
    } finally {
      this.latest.delete(name);
    }
  }
}
